import type { Place } from "@ultimate-bikes/contract/places";
import Badge from "react-bootstrap/Badge";
import Button from "react-bootstrap/Button";
import Table from "react-bootstrap/Table";
import { CardList } from "../../components/card-list";
import { useMediaQuery } from "../../lib/use-media-query";
import { PLACE_KIND_LABELS } from "./place-kinds";

/** Bootstrap's md breakpoint: from here the table fits without sideways scrolling. */
const TABLE_WIDTH = "(min-width: 768px)";

const unitsIn = (place: Place) => `${place.units} ${place.units === 1 ? "unit" : "units"}`;

interface PlaceListProps {
  places: Place[];
  /** For admins: the actions of each place. None: the list is read only. */
  actions?: {
    onEdit: (place: Place) => void;
    onArchive: (place: Place, archived: boolean) => void;
    /** The place whose archiving or bringing back is on its way. */
    busyId: string | undefined;
  };
}

function PlaceName({ place }: { place: Place }) {
  return (
    <>
      {place.name}
      {place.main && (
        <Badge bg="secondary" className="ms-2">
          Default
        </Badge>
      )}
      {place.archivedAt !== null && (
        <Badge bg="warning" text="dark" className="ms-2">
          Archived
        </Badge>
      )}
    </>
  );
}

/** Every place: a table on a tablet or wider, one card each on a phone. */
export function PlaceList({ places, actions }: PlaceListProps) {
  const wide = useMediaQuery(TABLE_WIDTH);

  const actionsOf = (place: Place) => {
    if (!actions) return null;
    const archived = place.archivedAt !== null;
    const busy = actions.busyId === place.id;
    return (
      <div className="d-flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label={`Edit ${place.name}`}
          onClick={() => actions.onEdit(place)}
        >
          Edit
        </Button>
        {/* The main warehouse is never archived: no button that could only be refused. */}
        {!place.main && (
          <Button
            size="sm"
            variant={archived ? "outline-success" : "outline-danger"}
            aria-label={`${archived ? "Bring back" : "Archive"} ${place.name}`}
            disabled={busy}
            onClick={() => actions.onArchive(place, !archived)}
          >
            {busy ? "Saving…" : archived ? "Bring back" : "Archive"}
          </Button>
        )}
      </div>
    );
  };

  if (wide) {
    return (
      <Table size="sm" className="align-middle" aria-label="Places">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">City</th>
            <th scope="col">Address</th>
            <th scope="col" className="text-end">
              Units
            </th>
            {actions && <th scope="col">Change</th>}
          </tr>
        </thead>
        <tbody>
          {places.map((place) => (
            <tr key={place.id}>
              <th scope="row" className="fw-normal">
                <PlaceName place={place} />
              </th>
              <td>{PLACE_KIND_LABELS[place.kind]}</td>
              <td>{place.city}</td>
              <td className="text-break">{place.address ?? "—"}</td>
              <td className="text-end">{place.units}</td>
              {actions && <td>{actionsOf(place)}</td>}
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }
  return (
    <CardList label="Places" items={places} idOf={(place) => place.id} headingPrefix="place">
      {(place, headingId) => (
        <>
          <h3 id={headingId} className="h6 mb-1">
            <PlaceName place={place} />
          </h3>
          <p className="mb-1">
            {PLACE_KIND_LABELS[place.kind]} in {place.city}: {unitsIn(place)}
          </p>
          {place.address && <p className="small text-body-secondary text-break">{place.address}</p>}
          {actionsOf(place)}
        </>
      )}
    </CardList>
  );
}
