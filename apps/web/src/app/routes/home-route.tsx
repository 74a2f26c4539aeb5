import { lazy, Suspense } from "react";
import Container from "react-bootstrap/Container";
import { AboutSection } from "../../features/landing/about-section";
import { BannerCarousel } from "../../features/landing/banner-carousel";
import { MapSection } from "../../features/landing/map-section";
import { Statistics } from "../../features/landing/statistics";
import { AfterFirstPaint } from "../../lib/use-after-first-paint";
import { usePageTitle } from "../../lib/use-page-title";

// Below the first screen on a phone, and it brings the API client and the contract's schemas:
// fetched right after the first paint rather than before it.
const FeaturedBikes = lazy(async () => ({
  default: (await import("../../features/bikes/featured-bikes")).FeaturedBikes,
}));

/**
 * Holds Featured Bikes' place, heading included, while its code loads: a screen tall, as six
 * cards are at least, so the map below stays out of reach until someone scrolls.
 */
function FeaturedBikesPlaceholder() {
  return (
    <Container as="section" className="py-5 min-vh-100" aria-labelledby="featured-heading">
      <h2 id="featured-heading" className="text-center mb-4">
        Featured Bikes
      </h2>
    </Container>
  );
}

export function HomeRoute() {
  usePageTitle("Home");
  return (
    <>
      <h1 className="visually-hidden">Ultimate Bikes: motorbike warehouse</h1>
      <BannerCarousel />
      <Statistics />
      <AboutSection />
      <AfterFirstPaint fallback={<FeaturedBikesPlaceholder />}>
        <Suspense fallback={<FeaturedBikesPlaceholder />}>
          <FeaturedBikes />
        </Suspense>
      </AfterFirstPaint>
      <MapSection />
    </>
  );
}
