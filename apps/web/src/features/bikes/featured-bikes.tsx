import { FEATURED_BIKE_COUNT } from "@ultimate-bikes/contract/bikes";
import Container from "react-bootstrap/Container";
import { Link } from "react-router";
import { paths } from "../../lib/paths";
import { BikeGrid } from "./bike-grid";

/** Home's first six bikes, with a way on to the whole stock. */
export function FeaturedBikes() {
  return (
    <Container as="section" className="py-5" aria-labelledby="featured-heading">
      <h2 id="featured-heading" className="text-center mb-4">
        Featured Bikes
      </h2>
      <BikeGrid limit={FEATURED_BIKE_COUNT} headingLevel="h3" />
      <p className="text-center mt-4">
        <Link to={paths.inventory} className="btn btn-outline-danger">
          See the whole inventory
        </Link>
      </p>
    </Container>
  );
}
