import type { Place } from "@ultimate-bikes/contract/places";
import { canManagePlaces } from "@ultimate-bikes/contract/roles";
import { useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { FormProblem } from "../../components/form-problem";
import { Skeleton, SkeletonTable } from "../../components/skeleton";
import { useAccount } from "../../lib/account";
import { placeKeys, usePlaces } from "../../lib/places";
import { useRefreshOnStockChange } from "../../lib/use-refresh-on-stock-change";
import { usePageTitle } from "../../lib/use-page-title";
import { PlaceForm } from "./place-form";
import { PlaceList } from "./place-list";
import { useChangePlace } from "./places-api";

const READ_ONLY = "Only admins add, change or archive places. Ask an admin if one is missing.";

/**
 * The warehouse and the showrooms, archived ones included, with the units at each. Admins add
 * places, edit them, archive the ones that hold nothing and bring them back; everyone else reads.
 */
export function PlacesPage() {
  usePageTitle("Places");
  const { account, isPending } = useAccount();
  const canManage = account !== undefined && canManagePlaces(account.role);
  const places = usePlaces(true);
  // The units at each place move with every delivery, import and transfer.
  useRefreshOnStockChange(placeKeys.all);
  const change = useChangePlace();
  // The form open now: a new place, or the place being edited.
  const [editing, setEditing] = useState<Place | "new">();
  const [problem, setProblem] = useState<string>();
  const addButton = useRef<HTMLButtonElement>(null);

  function closeForm() {
    setEditing(undefined);
    // The button the form stood in for shows again with this render; the focus goes back to it.
    requestAnimationFrame(() => addButton.current?.focus());
  }

  function openForm(place: Place | "new") {
    setProblem(undefined);
    setEditing(place);
  }

  function setArchived(place: Place, archived: boolean) {
    setProblem(undefined);
    change.mutate(
      { id: place.id, patch: { archived } },
      {
        onSuccess: () =>
          toast.success(archived ? `${place.name} is archived.` : `${place.name} is open again.`),
        onError: (error) => setProblem(error.message),
      },
    );
  }

  let list;
  if (places.isPending || isPending) {
    list = (
      <Skeleton label="Loading places…">
        <SkeletonTable rows={4} columns={5} />
      </Skeleton>
    );
  } else if (places.isError) {
    list = <ErrorMessage error={places.error} onRetry={() => void places.refetch()} />;
  } else if (places.data.length === 0) {
    list = <p>No places yet.</p>;
  } else {
    list = (
      <PlaceList
        places={places.data}
        actions={
          canManage
            ? {
                onEdit: openForm,
                onArchive: setArchived,
                busyId: change.isPending ? change.variables.id : undefined,
              }
            : undefined
        }
      />
    );
  }

  return (
    <Container as="section" className="py-5">
      <h1 className="mb-3">Places</h1>
      <p className="lead">
        The warehouse and the showrooms, with the units in stock at each. An archived place takes no
        new stock; the main warehouse is where stock goes when no place is picked.
      </p>
      {!isPending && !canManage && <p>{READ_ONLY}</p>}
      {canManage &&
        (editing ? (
          <PlaceForm
            key={editing === "new" ? "new" : editing.id}
            place={editing === "new" ? undefined : editing}
            onDone={closeForm}
          />
        ) : (
          <Button ref={addButton} variant="danger" className="mb-4" onClick={() => openForm("new")}>
            Add place
          </Button>
        ))}
      <FormProblem message={problem} />
      {list}
    </Container>
  );
}
