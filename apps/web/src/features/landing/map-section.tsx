import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from "react";
import Container from "react-bootstrap/Container";
import { LoadingSpinner } from "../../components/loading-spinner";

const WarehouseMap = lazy(() => import("./warehouse-map"));

/** How far below the screen the map starts loading, so it is there when someone scrolls to it. */
const NEAR_SCREEN = "200px";

/**
 * Whether the map is wanted yet: once its section comes near the screen. Leaflet is the largest
 * code on Home and a phone shows the map only after a long scroll, so nobody who stays at the top
 * pays for it, in bytes or in a busy processor.
 */
function useMapWanted(section: RefObject<HTMLElement | null>): boolean {
  // Without IntersectionObserver (jsdom) there is nothing to wait for.
  const [wanted, setWanted] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (wanted || !section.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(section.current);
    return () => observer.disconnect();
  }, [section, wanted]);
  return wanted;
}

export function MapSection() {
  const section = useRef<HTMLElement>(null);
  const mapWanted = useMapWanted(section);
  // The map's own size, so nothing below it moves when it arrives.
  const loading = (
    <div className="warehouse-map d-flex align-items-center justify-content-center bg-body-tertiary">
      <LoadingSpinner label="Loading the map…" />
    </div>
  );
  return (
    <Container as="section" ref={section} className="py-5" aria-labelledby="map-heading">
      <h2 id="map-heading" className="text-center mb-2">
        Visit our warehouse
      </h2>
      <p className="text-center text-body-secondary">
        Dhaka, Bangladesh. Open Saturday to Thursday, 9:00–18:00.
      </p>
      {mapWanted ? (
        <Suspense fallback={loading}>
          <WarehouseMap />
        </Suspense>
      ) : (
        loading
      )}
    </Container>
  );
}
