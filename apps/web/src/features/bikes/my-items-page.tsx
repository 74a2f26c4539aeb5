import type { BikeSummary } from "@ultimate-bikes/contract/bikes";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { useSession } from "../../lib/auth-client";
import { formatPrice } from "../../lib/format";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { BikeCard } from "./bike-card";
import { BikeGrid, BikeGridSkeleton } from "./bike-grid";
import { useCancelItem, useMyItems } from "./bikes-api";
import { EditBikeLink } from "./edit-bike-link";
import { toastDeletedWithUndo } from "./delete-bike-button";

/** Three a row on medium screens and wider, one on small (docs/product.md, My Items). */
const MY_ITEMS_COLUMNS = { xs: 1, md: 3 };

/**
 * My Items words a bike's facts as the original page did (docs/product.md, My Items), laid out
 * as Inventory's cards lay out theirs. The space after each label is in its term, so the card
 * reads "Quantity: 3" and "Price:$18,999.00" as the spec writes them.
 */
function ItemDetails({ bike }: { bike: BikeSummary }) {
  return (
    <dl className="bike-facts mb-3 flex-grow-1">
      <dt>Description: </dt>
      <dd>{bike.des}</dd>
      <dt>Price:</dt>
      <dd>{formatPrice(bike.price)}</dd>
      <dt>Quantity: </dt>
      <dd>{bike.quantity}</dd>
      <dt>Supplier name: </dt>
      <dd>{bike.supplierName}</dd>
    </dl>
  );
}

const loadingItems = (
  <BikeGridSkeleton count={3} label="Loading your items…" columns={MY_ITEMS_COLUMNS} />
);

function MyItems({ email }: { email: string }) {
  const { data, error, isPending, refetch } = useMyItems(email);
  const cancelItem = useCancelItem();

  function onCancel(bike: BikeSummary, button: HTMLElement) {
    if (!window.confirm("Are you sure to cancle?")) return;
    cancelItem.mutate(bike._id, {
      onSuccess: () => toastDeletedWithUndo(`${bike.name} removed`, bike, button),
      onError: (failure) => toast.error(failure.message),
    });
  }

  if (isPending) return loadingItems;
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
    <BikeGrid
      bikes={data}
      headingLevel="h2"
      columns={MY_ITEMS_COLUMNS}
      label="Your bikes"
      renderCard={(bike) => (
        <BikeCard
          bike={bike}
          headingLevel="h2"
          details={<ItemDetails bike={bike} />}
          action={
            <div className="d-flex gap-2">
              <EditBikeLink bike={bike} />
              <Button
                variant="outline-danger"
                onClick={(event) => onCancel(bike, event.currentTarget)}
                disabled={cancelItem.isPending && cancelItem.variables === bike._id}
                aria-label={`Cancel ${bike.name}`}
              >
                Cancel
              </Button>
            </div>
          }
        />
      )}
    />
  );
}

export function MyItemsPage() {
  usePageTitle("My Items");
  const email = useSession().data?.user.email;
  return (
    <Container as="section" className="py-5">
      <h1 className="text-center mb-4">My Items</h1>
      {email ? <MyItems email={email} /> : loadingItems}
    </Container>
  );
}
