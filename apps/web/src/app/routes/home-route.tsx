import { FeaturedBikes } from "../../features/bikes/featured-bikes";
import { AboutSection } from "../../features/landing/about-section";
import { BannerCarousel } from "../../features/landing/banner-carousel";
import { MapSection } from "../../features/landing/map-section";
import { Statistics } from "../../features/landing/statistics";
import { usePageTitle } from "../../lib/use-page-title";

export function HomeRoute() {
  usePageTitle("Home");
  return (
    <>
      <h1 className="visually-hidden">Ultimate Bikes: motorbike warehouse</h1>
      <BannerCarousel />
      <Statistics />
      <AboutSection />
      <FeaturedBikes />
      <MapSection />
    </>
  );
}
