import { lazy, Suspense } from "react";
import Container from "react-bootstrap/Container";
import { LoadingSpinner } from "../../components/loading-spinner";

const WarehouseMap = lazy(() => import("./warehouse-map"));

export function MapSection() {
  return (
    <Container as="section" className="py-5" aria-labelledby="map-heading">
      <h2 id="map-heading" className="text-center mb-2">
        Visit our warehouse
      </h2>
      <p className="text-center text-body-secondary">
        Dhaka, Bangladesh. Open Saturday to Thursday, 9:00–18:00.
      </p>
      <Suspense fallback={<LoadingSpinner label="Loading the map…" />}>
        <WarehouseMap />
      </Suspense>
    </Container>
  );
}
