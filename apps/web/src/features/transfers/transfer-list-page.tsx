import {
  TRANSFER_STATUS_LABELS,
  transferStatusSchema,
  type TransferSummary,
} from "@ultimate-bikes/contract/transfers";
import { useEffect, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Form from "react-bootstrap/Form";
import Row from "react-bootstrap/Row";
import Table from "react-bootstrap/Table";
import { Link } from "react-router";
import { CardList } from "../../components/card-list";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonTable } from "../../components/skeleton";
import { StaffPage } from "../../components/staff-page";
import { paths, transferPagePath } from "../../lib/paths";
import { usePlaces } from "../../lib/places";
import { useAddressState } from "../../lib/use-address-state";
import { useMediaQuery } from "../../lib/use-media-query";
import { TransferStatusBadge } from "./transfer-status-badge";
import { latestStepText, routeText, unitsText } from "./transfer-steps";
import { useLiveTransfers, useTransferList, type TransferFilters } from "./transfers-api";

/** The filters the address holds: `?status=&place=`. */
function filtersOf(search: URLSearchParams): TransferFilters {
  const status = transferStatusSchema.safeParse(search.get("status"));
  return {
    status: status.success ? status.data : undefined,
    place: search.get("place") || undefined,
  };
}

/** Staff follow the transfers between places here (issue 23); others read why they cannot. */
export function TransferListPage() {
  return (
    <StaffPage
      title="Transfers"
      refusal="Only warehouse staff move stock between places. Ask an admin if you need to."
    >
      <TransferList />
    </StaffPage>
  );
}

function TransferList() {
  useLiveTransfers();
  const [filters, setFilters] = useAddressState(filtersOf, (params, next) => {
    for (const name of ["status", "place"] as const) {
      const value = next[name];
      if (value) params.set(name, value);
      else params.delete(name);
    }
  });
  const places = usePlaces();
  const list = useTransferList(filters);
  const transfers = list.data?.pages.flatMap((page) => page.items) ?? [];
  const wide = useMediaQuery("(min-width: 768px)");
  const filtered = Boolean(filters.status || filters.place);

  return (
    <>
      <p>
        <Link to={paths.newTransfer} className="btn btn-dark">
          New transfer
        </Link>
      </p>
      <Form
        role="search"
        aria-label="Filter the transfers"
        className="mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <Row className="g-2">
          <Col xs={12} sm={6} md={3}>
            <Form.Group controlId="transfer-status">
              <Form.Label>Status</Form.Label>
              <Form.Select
                value={filters.status ?? ""}
                onChange={(event) => {
                  const status = transferStatusSchema.safeParse(event.currentTarget.value);
                  setFilters({ ...filters, status: status.success ? status.data : undefined });
                }}
              >
                <option value="">Any status</option>
                {transferStatusSchema.options.map((status) => (
                  <option key={status} value={status}>
                    {TRANSFER_STATUS_LABELS[status]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={12} sm={6} md={4}>
            <Form.Group controlId="transfer-place">
              <Form.Label>Place</Form.Label>
              <Form.Select
                value={filters.place ?? ""}
                onChange={(event) =>
                  setFilters({ ...filters, place: event.currentTarget.value || undefined })
                }
                aria-describedby="transfer-place-help"
              >
                <option value="">Any place</option>
                {places.data?.map((place) => (
                  <option key={place.id} value={place.id}>
                    {place.name}
                  </option>
                ))}
              </Form.Select>
              <Form.Text id="transfer-place-help">Leaving from it or going to it.</Form.Text>
            </Form.Group>
          </Col>
        </Row>
      </Form>
      {filtered && (
        <p>
          <Button variant="link" className="px-0" onClick={() => setFilters({})}>
            Clear the filters
          </Button>
        </p>
      )}
      <StatusAnnouncer transfers={transfers} />
      {list.isPending ? (
        <Skeleton label="Loading the transfers…">
          <SkeletonTable rows={5} columns={6} />
        </Skeleton>
      ) : list.error ? (
        <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : transfers.length === 0 ? (
        <p role="status">{filtered ? "No transfers match these filters." : "No transfers yet."}</p>
      ) : (
        <>
          {wide ? <TransferTable transfers={transfers} /> : <TransferCards transfers={transfers} />}
          {list.hasNextPage && (
            <Button
              variant="outline-dark"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          )}
        </>
      )}
    </>
  );
}

/**
 * Says aloud a transfer's new status when the live stream changes it on screen ("T-000012 is now
 * In transit."); silent on the first load and for transfers that come into the list.
 */
function StatusAnnouncer({ transfers }: { transfers: TransferSummary[] }) {
  const seen = useRef<Map<string, string>>(undefined);
  const [news, setNews] = useState("");
  useEffect(() => {
    const now = new Map(transfers.map((transfer) => [transfer.id, transfer.status]));
    const before = seen.current;
    seen.current = now;
    if (!before || before.size === 0) return;
    const changed = transfers
      .filter((transfer) => before.has(transfer.id) && before.get(transfer.id) !== transfer.status)
      .map((transfer) => `${transfer.number} is now ${TRANSFER_STATUS_LABELS[transfer.status]}.`);
    if (changed.length > 0) setNews(changed.join(" "));
  }, [transfers]);
  return (
    <p className="visually-hidden" aria-live="polite">
      {news}
    </p>
  );
}

function TransferTable({ transfers }: { transfers: TransferSummary[] }) {
  return (
    <Table size="sm" hover className="stock-table align-middle" aria-label="Transfers">
      <thead>
        <tr>
          <th scope="col">Number</th>
          <th scope="col">From → to</th>
          <th scope="col" className="text-end">
            Units
          </th>
          <th scope="col">Status</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {transfers.map((transfer) => (
          <tr key={transfer.id}>
            <td className="text-nowrap">
              <Link to={transferPagePath(transfer.id)}>{transfer.number}</Link>
            </td>
            <td className="text-break">{routeText(transfer)}</td>
            <td className="text-end">{transfer.units}</td>
            <td>
              <TransferStatusBadge status={transfer.status} />
            </td>
            <td className="text-nowrap">{latestStepText(transfer)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function TransferCards({ transfers }: { transfers: TransferSummary[] }) {
  return (
    <CardList
      label="Transfers"
      items={transfers}
      idOf={(transfer) => transfer.id}
      headingPrefix="transfer"
    >
      {(transfer, headingId) => (
        <>
          <h2 id={headingId} className="h6 mb-2 d-flex flex-wrap gap-2 align-items-center">
            <Link to={transferPagePath(transfer.id)}>{transfer.number}</Link>
            <TransferStatusBadge status={transfer.status} />
          </h2>
          <p className="mb-1 text-break">{routeText(transfer)}</p>
          <p className="small mb-0">
            {unitsText(transfer.units)} · {latestStepText(transfer)}
          </p>
        </>
      )}
    </CardList>
  );
}
