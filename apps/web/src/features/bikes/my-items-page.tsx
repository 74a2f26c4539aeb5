import type { Bike } from "@ultimate-bikes/contract/bikes";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import Col from "react-bootstrap/Col";
import Container from "react-bootstrap/Container";
import Row from "react-bootstrap/Row";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { LoadingSpinner } from "../../components/loading-spinner";
import { useSession } from "../../lib/auth-client";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { useCancelItem, useMyItems } from "./bikes-api";

const amount = (price: number) =>
  price.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function ItemCard({
  bike,
  onCancel,
  cancelling,
}: {
  bike: Bike;
  onCancel(): void;
  cancelling: boolean;
}) {
  const headingId = `item-${bike._id}`;
  return (
    <Card as="article" className="h-100 shadow-sm" aria-labelledby={headingId}>
      <Card.Img
        variant="top"
        src={bike.photo}
        alt={bike.name}
        className="bike-card-photo"
        loading="lazy"
      />
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h2" id={headingId} className="h5">
          {bike.name}
        </Card.Title>
        <p className="small flex-grow-1">Description: {bike.des}</p>
        <p className="mb-1">Price:${amount(bike.price)}</p>
        <p className="mb-1">Quantity: {bike.quantity}</p>
        <p>Supplier name: {bike.supplierName}</p>
        <Button
          variant="outline-danger"
          onClick={onCancel}
          disabled={cancelling}
          aria-label={`Cancel ${bike.name}`}
        >
          Cancel
        </Button>
      </Card.Body>
    </Card>
  );
}

function MyItems({ email }: { email: string }) {
  const { data, error, isPending, refetch } = useMyItems(email);
  const cancelItem = useCancelItem();

  function onCancel(bike: Bike) {
    if (!window.confirm("Are you sure to cancle?")) return;
    cancelItem.mutate(bike._id, {
      onSuccess: () => toast.success(`${bike.name} removed`),
      onError: (failure) => toast.error(failure.message),
    });
  }

  if (isPending) return <LoadingSpinner label="Loading your items…" />;
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  if (data.length === 0) {
    return (
      <div className="text-center my-5">
        <p>You have not added any bikes yet.</p>
        <Link to={paths.addNew} className="btn btn-danger">
          Add your first bike
        </Link>
      </div>
    );
  }
  return (
    <Row xs={1} md={3} className="g-4">
      {data.map((bike) => (
        <Col key={bike._id}>
          <ItemCard
            bike={bike}
            onCancel={() => onCancel(bike)}
            cancelling={cancelItem.isPending && cancelItem.variables === bike._id}
          />
        </Col>
      ))}
    </Row>
  );
}

export function MyItemsPage() {
  usePageTitle("My Items");
  const email = useSession().data?.user.email;
  return (
    <Container as="section" className="py-5">
      <h1 className="text-center mb-4">My Items</h1>
      {email ? <MyItems email={email} /> : <LoadingSpinner />}
    </Container>
  );
}
