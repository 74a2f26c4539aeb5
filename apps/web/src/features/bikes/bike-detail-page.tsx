import Col from "react-bootstrap/Col";
import Container from "react-bootstrap/Container";
import Row from "react-bootstrap/Row";
import { Link, useParams } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { LoadingSpinner } from "../../components/loading-spinner";
import { ApiRequestError } from "../../lib/api-client";
import { formatPrice } from "../../lib/format";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { useBike } from "./bikes-api";
import { MovementList } from "./movement-list";
import { StockBadge } from "./stock-badge";
import { StockActions } from "./stock-actions";

export function BikeDetailPage() {
  const { id = "" } = useParams();
  const { data: bike, error, isPending, refetch } = useBike(id);
  usePageTitle(bike?.name ?? "Update Now");

  if (isPending) return <LoadingSpinner label="Loading the bike…" />;
  if (error instanceof ApiRequestError && error.status === 404) {
    return (
      <Container className="py-5 text-center">
        <h1 className="h3">This bike is not in the warehouse</h1>
        <p>It may have been deleted.</p>
        <Link to={paths.inventory}>Back to the inventory</Link>
      </Container>
    );
  }
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} />;

  return (
    <Container as="section" className="py-5">
      <h1 className="text-center mb-4">Update Now</h1>
      <Row className="g-4 align-items-start">
        <Col md={6}>
          <img src={bike.photo} alt={bike.name} className="img-fluid rounded shadow-sm" />
        </Col>
        <Col md={6}>
          <h2>{bike.name}</h2>
          <dl className="bike-facts">
            <dt>Price</dt>
            <dd>{formatPrice(bike.price)}</dd>
            <dt>Supplier name</dt>
            <dd>{bike.supplierName}</dd>
            <dt>Quantity</dt>
            {/* The badge sits in the live region too, so a change of state is heard with the number. */}
            <dd aria-live="polite">
              <span data-testid="bike-quantity">{bike.quantity}</span> <StockBadge bike={bike} />
            </dd>
          </dl>
          <p>{bike.des}</p>
          <StockActions bike={bike} />
          <p className="mt-4">
            <Link to={paths.manageInventory} className="btn btn-outline-dark">
              Manage Inventory
            </Link>
          </p>
        </Col>
      </Row>
      <MovementList bikeId={bike._id} />
    </Container>
  );
}
