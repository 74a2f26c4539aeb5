import type { StockItem } from "@ultimate-bikes/contract/stock";
import type { ComponentProps } from "react";
import Container from "react-bootstrap/Container";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { Skeleton, SkeletonCards, SkeletonLines, SkeletonTable } from "../../components/skeleton";
import { PendingRoleNotice } from "../../components/pending-role-notice";
import { useAccount } from "../../lib/account";
import { paths } from "../../lib/paths";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { useDeleteBike } from "./bikes-api";
import { toastDeletedWithUndo } from "./delete-bike-button";
import { usePlaceName } from "./place-units";
import { StockControls } from "./stock-controls";
import { StockResults } from "./stock-results";
import { StockTable } from "./stock-table";
import { MANAGE_PAGE_SIZE } from "./stock-query";
import { stockFilterSearch, useStockView } from "./stock-view";
import { StockWorkCards } from "./stock-work-cards";

/** Bootstrap's md breakpoint: from here the table fits without sideways scrolling. */
const TABLE_WIDTH = "(min-width: 768px)";

export function ManageInventoryPage() {
  usePageTitle("Manage Inventory");
  const controls = useStockView();
  const wide = useMediaQuery(TABLE_WIDTH);
  const deleteBike = useDeleteBike();
  const { canChangeStock, isPending, account, pendingRole } = useAccount();

  function onDelete(bike: StockItem, button: HTMLElement) {
    if (!window.confirm("Are you sure to delete?")) return;
    deleteBike.mutate(bike._id, {
      onSuccess: () => toastDeletedWithUndo("Item Deleted!", bike, button),
      onError: (failure) => toast.error(failure.message),
    });
  }
  const deletion = {
    onDelete,
    deletingId: deleteBike.isPending ? deleteBike.variables : undefined,
  };

  return (
    <Container as="section" className="py-5">
      <h1 className="mb-3">You can manage your inventory</h1>
      {isPending ? (
        <Skeleton label="Checking your access…">
          <SkeletonLines lines={2} />
        </Skeleton>
      ) : canChangeStock ? (
        <WorkList controls={controls} wide={wide} deletion={deletion} />
      ) : account && pendingRole ? (
        // A pending role is staff or admin: the work list comes with the verified email.
        <PendingRoleNotice role={pendingRole} email={account.email} />
      ) : (
        <MembersNote />
      )}
    </Container>
  );
}

/**
 * Members add bikes and cancel their own, but the warehouse's stock is staff's to delete
 * (docs/decisions/014): the page says so instead of offering what the server would refuse.
 */
function MembersNote() {
  return (
    <>
      <p>
        Only warehouse staff can delete bikes from the warehouse. Your own bikes are on My Items,
        where you can cancel them.
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Link to={paths.myItems} className="btn btn-outline-dark">
          My Items
        </Link>
        <Link to={paths.addNew} className="btn btn-danger">
          Add New item
        </Link>
      </div>
    </>
  );
}

interface WorkListProps {
  controls: ReturnType<typeof useStockView>;
  wide: boolean;
  deletion: Omit<ComponentProps<typeof StockWorkCards>, "bikes" | "placeName">;
}

/** Staff's work list: search, filters, and the table (cards on a phone) with Delete. */
function WorkList({ controls, wide, deletion }: WorkListProps) {
  const placeName = usePlaceName(controls.view.place);
  return (
    <>
      {/* On the left, under the heading: the toasts take the top right corner. */}
      <div className="d-flex flex-wrap gap-2 mb-4">
        <Link to={paths.addNew} className="btn btn-danger">
          Add New item
        </Link>
        <Link to={paths.recentlyDeleted} className="btn btn-outline-dark">
          Recently deleted
        </Link>
        {/* The export there starts from the search on screen here. */}
        <Link
          to={{ pathname: paths.stockCsv, search: stockFilterSearch(controls.view) }}
          className="btn btn-outline-dark"
        >
          CSV import and export
        </Link>
        <Link to={paths.ledger} className="btn btn-outline-dark">
          Ledger
        </Link>
        <Link to={paths.labels} className="btn btn-outline-dark">
          Print labels
        </Link>
        <Link to={paths.scan} className="btn btn-outline-dark">
          Scan a label
        </Link>
      </div>
      <StockControls controls={controls} />
      <StockResults
        controls={controls}
        pageSize={MANAGE_PAGE_SIZE}
        skeleton={
          <Skeleton label="Loading the inventory…">
            {wide ? <SkeletonTable rows={8} columns={7} /> : <SkeletonCards count={3} />}
          </Skeleton>
        }
        emptyText="The warehouse has no bikes."
      >
        {(bikes) =>
          wide ? (
            <StockTable
              bikes={bikes}
              sort={controls.view.sort}
              onSort={(sort) => controls.choose({ sort })}
              placeName={placeName}
              {...deletion}
            />
          ) : (
            <StockWorkCards bikes={bikes} placeName={placeName} {...deletion} />
          )
        }
      </StockResults>
    </>
  );
}
