import { FEATURED_BIKE_COUNT } from "@ultimate-bikes/contract/bikes";
import Container from "react-bootstrap/Container";
import { Link } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { paths } from "../../lib/paths";
import { useFeaturedBikes } from "./bikes-api";
import { BikeGrid, BikeGridSkeleton, NO_BIKES_YET } from "./bike-grid";

/** Home's first six bikes, asked for as six, with a way on to the whole stock. */
export function FeaturedBikes() {
  const { data, error, isPending, refetch } = useFeaturedBikes();
  let content;
  if (isPending) {
    content = <BikeGridSkeleton count={FEATURED_BIKE_COUNT} label="Loading bikes…" />;
  } else if (error) content = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  else if (data.items.length === 0)
    content = <p className="text-center text-body-secondary my-5">{NO_BIKES_YET}</p>;
  else content = <BikeGrid bikes={data.items} headingLevel="h3" />;

  return (
    <Container as="section" className="py-5" aria-labelledby="featured-heading">
      <h2 id="featured-heading" className="text-center mb-4">
        Featured Bikes
      </h2>
      {content}
      <p className="text-center mt-4">
        <Link to={paths.inventory} className="btn btn-outline-danger">
          See the whole inventory
        </Link>
      </p>
    </Container>
  );
}
