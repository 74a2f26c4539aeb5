import { StaffPage } from "../../components/staff-page";
import type { StockItem } from "@ultimate-bikes/contract/stock";
import { useState, type KeyboardEvent } from "react";
import { stockMovementKindSchema, type StockMovementKind } from "@ultimate-bikes/contract/bikes";
import type { LedgerEntry } from "@ultimate-bikes/contract/ledger";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Form from "react-bootstrap/Form";
import Row from "react-bootstrap/Row";
import Table from "react-bootstrap/Table";
import { Link } from "react-router";
import { CardList } from "../../components/card-list";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonTable } from "../../components/skeleton";
import { changeText } from "../../lib/bike-changes";
import { formatDateTime } from "../../lib/format";
import { bikePagePath, transferPagePath } from "../../lib/paths";
import { usePlaces } from "../../lib/places";
import { useAddressState } from "../../lib/use-address-state";
import { useMediaQuery } from "../../lib/use-media-query";
import {
  ledgerExportUrl,
  useBikeSuggestions,
  useLedger,
  useLedgerPeople,
  type LedgerFilters,
} from "./ledger-api";

const KIND_LABELS: Record<StockMovementKind, string> = {
  seed: "Opening stock",
  create: "Added",
  deliver: "Delivered",
  import: "Imported",
  delete: "Deleted",
  restore: "Restored",
  edit: "Edited",
  send: "Sent",
  receive: "Received",
  shortfall: "Short on arrival",
  track: "Tracking on",
  untrack: "Tracking off",
  hold: "Held",
  "hold-extend": "Hold extended",
  release: "Released",
  "hold-expire": "Hold expired",
};

/** The filters the URL holds: `?bike=&person=&kind=&place=&from=&to=`. */
function filtersOf(search: URLSearchParams): LedgerFilters {
  const kind = stockMovementKindSchema.safeParse(search.get("kind"));
  return {
    bike: search.get("bike") ?? undefined,
    actor: search.get("person") ?? undefined,
    kind: kind.success ? kind.data : undefined,
    place: search.get("place") ?? undefined,
    from: search.get("from") ?? undefined,
    to: search.get("to") ?? undefined,
  };
}

const URL_NAMES: Record<keyof LedgerFilters, string> = {
  bike: "bike",
  actor: "person",
  kind: "kind",
  place: "place",
  from: "from",
  to: "to",
};
const FILTER_NAMES = Object.keys(URL_NAMES) as (keyof LedgerFilters)[];

/** "+3", "−1", "0": a change as the table shows it. */
const signed = (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : "0");

/**
 * What happened, as a sentence: a transfer's steps say how many, and where ("Sent 3 from Main
 * warehouse"), an edit each field's change; the transfer's number follows (WhatCell).
 */
function whatOf({ kind, delta, place, placeDelta, changes }: LedgerEntry): string {
  if (kind === "send" && place && placeDelta !== null) {
    return `Sent ${-placeDelta} from ${place.name}`;
  }
  if (kind === "receive" && place && placeDelta !== null) {
    return `Received ${placeDelta} at ${place.name}`;
  }
  if (kind === "shortfall") return `Short on arrival: ${-delta} did not arrive`;
  // A person reads a field's name and its values, never a photo's path (lib/bike-changes.ts).
  return [KIND_LABELS[kind], ...(changes ?? []).map(changeText)].join("; ");
}

/** What happened, and the transfer it belongs to, by its number, a link to it. */
function WhatText({ entry }: { entry: LedgerEntry }) {
  return (
    <>
      {whatOf(entry)}
      {entry.transfer && (
        <>
          {" ("}
          <Link to={transferPagePath(entry.transfer.id)}>{entry.transfer.number}</Link>
          {")"}
        </>
      )}
    </>
  );
}

/** Staff read every stock movement here (issue 13); others read why they cannot. */
export function LedgerPage() {
  return (
    <StaffPage
      title="Ledger"
      refusal="Only warehouse staff can read the whole ledger. Ask an admin if you need to."
    >
      <Ledger />
    </StaffPage>
  );
}

function Ledger() {
  const [filters, setFilters] = useAddressState(filtersOf, (params, next) => {
    for (const name of FILTER_NAMES) {
      const value = next[name];
      if (value) params.set(URL_NAMES[name], value);
      else params.delete(URL_NAMES[name]);
    }
  });
  const setFilter = (name: keyof LedgerFilters, value: string) =>
    setFilters({ ...filters, [name]: value || undefined });
  const people = useLedgerPeople();
  // Archived places too: their movements stay in the ledger.
  const places = usePlaces(true);
  const ledger = useLedger(filters);
  const entries = ledger.data?.pages.flatMap((page) => page.items) ?? [];
  const wide = useMediaQuery("(min-width: 768px)");
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <Form
        role="search"
        aria-label="Filter the ledger"
        className="mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <Row className="g-2">
          <Col xs={12} md={4}>
            {/* A new value in the address (a pick, Back, Clear) starts the field from it. */}
            <BikeFilter
              key={filters.bike ?? ""}
              value={filters.bike ?? ""}
              onChange={(bike) => setFilter("bike", bike)}
            />
          </Col>
          <Col xs={12} md={4}>
            <Form.Group controlId="ledger-place">
              <Form.Label>Place</Form.Label>
              <Form.Select
                value={filters.place ?? ""}
                onChange={(event) => setFilter("place", event.currentTarget.value)}
              >
                <option value="">Anywhere</option>
                {places.data?.map((place) => (
                  <option key={place.id} value={place.id}>
                    {place.archivedAt === null ? place.name : `${place.name} (archived)`}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={6} md={2}>
            <Form.Group controlId="ledger-person">
              <Form.Label>Person</Form.Label>
              <Form.Select
                value={filters.actor ?? ""}
                onChange={(event) => setFilter("actor", event.currentTarget.value)}
              >
                <option value="">Anyone</option>
                {people.data?.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={6} md={2}>
            <Form.Group controlId="ledger-kind">
              <Form.Label>Kind</Form.Label>
              <Form.Select
                value={filters.kind ?? ""}
                onChange={(event) => setFilter("kind", event.currentTarget.value)}
              >
                <option value="">Any kind</option>
                {stockMovementKindSchema.options.map((kind) => (
                  <option key={kind} value={kind}>
                    {KIND_LABELS[kind]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={6} md={2}>
            <Form.Group controlId="ledger-from">
              <Form.Label>From</Form.Label>
              <Form.Control
                type="date"
                value={filters.from ?? ""}
                onChange={(event) => setFilter("from", event.currentTarget.value)}
              />
            </Form.Group>
          </Col>
          <Col xs={6} md={2}>
            <Form.Group controlId="ledger-to">
              <Form.Label>To</Form.Label>
              <Form.Control
                type="date"
                value={filters.to ?? ""}
                onChange={(event) => setFilter("to", event.currentTarget.value)}
              />
            </Form.Group>
          </Col>
        </Row>
      </Form>
      <p className="d-flex flex-wrap gap-2">
        <a className="btn btn-outline-dark" href={ledgerExportUrl(filters)} download>
          Export CSV
        </a>
        {filtered && (
          <Button variant="link" onClick={() => setFilters({})}>
            Clear the filters
          </Button>
        )}
      </p>
      {ledger.isPending ? (
        <Skeleton label="Loading the ledger…">
          <SkeletonTable rows={6} columns={8} />
        </Skeleton>
      ) : ledger.error ? (
        <ErrorMessage error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : entries.length === 0 ? (
        <p role="status">{filtered ? "No movements match these filters." : "No movements yet."}</p>
      ) : (
        <>
          {wide ? <LedgerTable entries={entries} /> : <LedgerCards entries={entries} />}
          {ledger.hasNextPage && (
            <Button
              variant="outline-dark"
              onClick={() => void ledger.fetchNextPage()}
              disabled={ledger.isFetchingNextPage}
            >
              {ledger.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          )}
        </>
      )}
    </>
  );
}

/**
 * The bike filter: a combobox (ARIA 1.2) that suggests bikes as a name, supplier or stock
 * number is typed; picking one filters by its stock number. Enter takes the text as it is: a
 * stock number, a bike id or a whole name (the server finds the bike, deleted ones too).
 */
function BikeFilter({ value, onChange }: { value: string; onChange: (bike: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const words = draft.trim();
  const suggestions = useBikeSuggestions(words, open);
  const options = open && words ? (suggestions.data?.items ?? []) : [];
  const expanded = options.length > 0;
  const noMatch = open && words !== "" && suggestions.data?.items.length === 0;
  const optionId = (index: number) => `ledger-bike-option-${index}`;

  function pick(bike: StockItem) {
    setOpen(false);
    onChange(bike.stockNumber ?? bike._id);
  }
  function commit() {
    setOpen(false);
    if (words !== value) onChange(words);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (!expanded) return;
      const last = options.length - 1;
      setActive((index) =>
        event.key === "ArrowDown" ? Math.min(index + 1, last) : Math.max(index - 1, -1),
      );
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = expanded ? options[active] : undefined;
      if (chosen) pick(chosen);
      else commit();
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <Form.Group controlId="ledger-bike" className="position-relative">
      <Form.Label>Bike</Form.Label>
      <Form.Control
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls="ledger-bike-options"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby="ledger-bike-help"
        value={draft}
        placeholder="Any bike"
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      <Form.Text id="ledger-bike-help">
        {noMatch
          ? "No bike's name, supplier or stock number starts with that."
          : "A name, a stock number (UB-00042) or an id."}
      </Form.Text>
      <ul
        id="ledger-bike-options"
        role="listbox"
        aria-label="Bikes"
        className="bike-filter-options list-unstyled"
        hidden={!expanded}
      >
        {options.map((bike, index) => (
          <li
            key={bike._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? "active" : undefined}
            // Keeps the focus in the field, so picking is not a blur that commits the text.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(bike)}
          >
            <span className="text-break">{bike.name}</span>{" "}
            <span className="small text-body-secondary text-nowrap">
              {bike.stockNumber ?? ""} · {bike.supplierName}
            </span>
          </li>
        ))}
      </ul>
    </Form.Group>
  );
}

function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  return (
    <Table size="sm" hover className="stock-table align-middle" aria-label="Movements">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Bike</th>
          <th scope="col">Who</th>
          <th scope="col">Place</th>
          <th scope="col">What</th>
          <th scope="col" className="text-end">
            Change
          </th>
          <th scope="col" className="text-end">
            Quantity after
          </th>
          <th scope="col">Reference</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className="text-nowrap">{formatDateTime(entry.at)}</td>
            <td className="text-break">
              <Link to={bikePagePath(entry.bikeId)}>{entry.bikeName}</Link>
            </td>
            <td>{entry.actorName ?? "Warehouse"}</td>
            <td className="text-break">{entry.place?.name ?? ""}</td>
            <td className="text-break">
              <WhatText entry={entry} />
            </td>
            <td className="text-end">{signed(entry.delta)}</td>
            <td className="text-end">{entry.quantityAfter}</td>
            <td className="text-break">{entry.reference ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function LedgerCards({ entries }: { entries: LedgerEntry[] }) {
  return (
    <CardList
      label="Movements"
      items={entries}
      idOf={(entry) => String(entry.id)}
      headingPrefix="movement"
    >
      {(entry, headingId) => (
        <>
          <h2 id={headingId} className="h6 text-break mb-2">
            <Link to={bikePagePath(entry.bikeId)}>{entry.bikeName}</Link>
          </h2>
          <dl className="row small mb-0">
            <dt className="col-5">When</dt>
            <dd className="col-7">{formatDateTime(entry.at)}</dd>
            <dt className="col-5">Who</dt>
            <dd className="col-7">{entry.actorName ?? "Warehouse"}</dd>
            {entry.place && (
              <>
                <dt className="col-5">Place</dt>
                <dd className="col-7 text-break">{entry.place.name}</dd>
              </>
            )}
            <dt className="col-5">What</dt>
            <dd className="col-7 text-break">
              <WhatText entry={entry} />
            </dd>
            <dt className="col-5">Change</dt>
            <dd className="col-7">{signed(entry.delta)}</dd>
            <dt className="col-5">Quantity after</dt>
            <dd className="col-7">{entry.quantityAfter}</dd>
            {entry.reference && (
              <>
                <dt className="col-5">Reference</dt>
                <dd className="col-7 text-break">{entry.reference}</dd>
              </>
            )}
          </dl>
        </>
      )}
    </CardList>
  );
}
