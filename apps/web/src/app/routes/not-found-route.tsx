import Container from "react-bootstrap/Container";
import { Link } from "react-router";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";

export function NotFoundRoute() {
  usePageTitle("Not Found");
  return (
    <Container as="section" className="py-5 text-center">
      <img
        src="/images/not-found.svg"
        alt="A motorbike with a flat tyre beside a dead-end sign"
        width={600}
        height={400}
        className="img-fluid mb-4"
      />
      <p className="display-1 fw-bold text-danger mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h3">Oops! Your searched result is not exist!</h1>
      <p className="visually-hidden">Error 404: page not found.</p>
      <Link to={paths.home} className="btn btn-danger mt-3">
        Back to Home
      </Link>
    </Container>
  );
}
