import { StaffPage } from "../../components/staff-page";
import { DELETED_BIKES_LIST_MAX, type DeletedBike } from "@ultimate-bikes/contract/deleted-bikes";
import Button from "react-bootstrap/Button";
import Table from "react-bootstrap/Table";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { CardList } from "../../components/card-list";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonCards, SkeletonLines, SkeletonTable } from "../../components/skeleton";
import { formatDateTime } from "../../lib/format";
import { bikeLedgerPath } from "../../lib/paths";
import { useMediaQuery } from "../../lib/use-media-query";
import { useDeletedBikes, useRestoreBike } from "./deleted-bikes-api";

/** Bootstrap's md breakpoint, as on Manage Inventory: from here the table fits. */
const TABLE_WIDTH = "(min-width: 768px)";

/** The purge runs hourly, so the day is what matters. */
const purgeDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });
const formatPurgeDate = (iso: string) => purgeDate.format(new Date(iso));

interface DeletedListProps {
  bikes: DeletedBike[];
  onRestore: (bike: DeletedBike) => void;
  /** The bike being restored, if any: its button waits. */
  restoringId: string | undefined;
}

function RestoreButton({
  bike,
  onRestore,
  restoringId,
}: Omit<DeletedListProps, "bikes"> & {
  bike: DeletedBike;
}) {
  return (
    <Button
      variant="outline-dark"
      size="sm"
      onClick={() => onRestore(bike)}
      disabled={restoringId === bike._id}
      aria-label={`Restore ${bike.name}`}
    >
      Restore
    </Button>
  );
}

/**
 * The bike's name, a link to its ledger: what happened to it, deletion included. Its page is gone
 * until it is restored; its history is not, even after the purge.
 */
function LedgerLink({ bike }: { bike: DeletedBike }) {
  return (
    <Link to={bikeLedgerPath(bike._id)} title={`The ledger of ${bike.name}`}>
      {bike.name}
    </Link>
  );
}

/** "22 Nov 2026, 10:00 by Jo", or the time alone when nobody is on record. */
const deletedWhen = (bike: DeletedBike) =>
  `${formatDateTime(bike.deletedAt)}${bike.deletedBy ? ` by ${bike.deletedBy}` : ""}`;

/** A tablet or wider: one row a bike. */
function DeletedTable({ bikes, ...restoring }: DeletedListProps) {
  return (
    <Table hover size="sm" className="align-middle stock-table" aria-label="Deleted bikes">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Supplier</th>
          <th scope="col" className="text-end">
            Quantity
          </th>
          <th scope="col">Deleted</th>
          <th scope="col">Purged on</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {bikes.map((bike) => (
          <tr key={bike._id}>
            <th scope="row">
              <LedgerLink bike={bike} />
            </th>
            <td>{bike.supplierName}</td>
            <td className="text-end">{bike.quantity}</td>
            <td>{deletedWhen(bike)}</td>
            <td className="text-nowrap">{formatPurgeDate(bike.purgeAt)}</td>
            <td className="text-end">
              <RestoreButton bike={bike} {...restoring} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A phone: a card a bike, one under another, so nothing scrolls sideways. */
function DeletedCards({ bikes, ...restoring }: DeletedListProps) {
  return (
    <CardList
      label="Deleted bikes"
      items={bikes}
      idOf={(bike) => bike._id}
      headingPrefix="deleted"
      className="stock-work-cards"
    >
      {(bike, headingId) => (
        <>
          <h2 id={headingId} className="h6 mb-2">
            <LedgerLink bike={bike} />
          </h2>
          <dl className="bike-facts small mb-3">
            <dt>Supplier</dt>
            <dd>{bike.supplierName}</dd>
            <dt>Quantity</dt>
            <dd>{bike.quantity}</dd>
            <dt>Deleted</dt>
            <dd>{deletedWhen(bike)}</dd>
            <dt>Purged on</dt>
            <dd>{formatPurgeDate(bike.purgeAt)}</dd>
          </dl>
          <div>
            <RestoreButton bike={bike} {...restoring} />
          </div>
        </>
      )}
    </CardList>
  );
}

function DeletedBikes() {
  const { data, error, isPending, refetch } = useDeletedBikes();
  const wide = useMediaQuery(TABLE_WIDTH);
  const restore = useRestoreBike({
    onRestored: (bike) => toast.success(`Restored ${bike.name}.`),
    onFailed: (failure) => toast.error(failure.message),
  });

  if (isPending) {
    return (
      <Skeleton label="Loading recently deleted bikes…">
        <SkeletonLines lines={2} />
        {wide ? <SkeletonTable rows={4} columns={6} /> : <SkeletonCards count={2} />}
      </Skeleton>
    );
  }
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  const { items, retentionDays } = data;
  const list = {
    bikes: items,
    onRestore: (bike: DeletedBike) => restore.mutate(bike._id),
    restoringId: restore.isPending ? restore.variables : undefined,
  };
  return (
    <>
      <p>
        A deleted bike can be restored with its quantity and history for {retentionDays} days. After
        that it is purged; its history stays in the ledger.
      </p>
      {items.length === 0 ? (
        <p className="text-center text-body-secondary my-5">
          Nothing was deleted in the last {retentionDays} days.
        </p>
      ) : (
        <>
          {wide ? <DeletedTable {...list} /> : <DeletedCards {...list} />}
          {items.length === DELETED_BIKES_LIST_MAX && (
            <p className="text-body-secondary small">
              The {DELETED_BIKES_LIST_MAX} most recent deletions are shown; restore some to see
              older ones.
            </p>
          )}
        </>
      )}
    </>
  );
}

/** Staff restore deleted bikes here (docs/decisions/015); others learn why they cannot. */
export function RecentlyDeletedPage() {
  return (
    <StaffPage
      title="Recently deleted"
      refusal="Only warehouse staff can see and restore deleted bikes. To bring back an item of your own, choose Undo right after cancelling it, or ask a member of staff."
    >
      <DeletedBikes />
    </StaffPage>
  );
}
