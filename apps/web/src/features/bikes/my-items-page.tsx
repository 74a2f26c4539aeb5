import type { Bike } from "@ultimate-bikes/contract/bikes";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Container from "react-bootstrap/Container";
import Row from "react-bootstrap/Row";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { LoadingSpinner } from "../../components/loading-spinner";
import { useSession } from "../../lib/auth-client";
import { formatPrice } from "../../lib/format";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { BikeCard } from "./bike-card";
import { useCancelItem, useMyItems } from "./bikes-api";
import { toastDeletedWithUndo } from "./delete-bike-button";

/** My Items words a bike's facts as the original page did (docs/product.md, Screens). */
function ItemDetails({ bike }: { bike: Bike }) {
  return (
    <>
      <p className="small flex-grow-1">Description: {bike.des}</p>
      <p className="mb-1">Price:{formatPrice(bike.price)}</p>
      <p className="mb-1">Quantity: {bike.quantity}</p>
      <p>Supplier name: {bike.supplierName}</p>
    </>
  );
}

function MyItems({ email }: { email: string }) {
  const { data, error, isPending, refetch } = useMyItems(email);
  const cancelItem = useCancelItem();

  function onCancel(bike: Bike) {
    if (!window.confirm("Are you sure to cancle?")) return;
    cancelItem.mutate(bike._id, {
      onSuccess: () => toastDeletedWithUndo(`${bike.name} removed`, bike),
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
          <BikeCard
            bike={bike}
            headingLevel="h2"
            details={<ItemDetails bike={bike} />}
            action={
              <Button
                variant="outline-danger"
                onClick={() => onCancel(bike)}
                disabled={cancelItem.isPending && cancelItem.variables === bike._id}
                aria-label={`Cancel ${bike.name}`}
              >
                Cancel
              </Button>
            }
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
