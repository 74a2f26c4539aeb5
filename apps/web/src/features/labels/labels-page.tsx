import { StaffPage } from "../../components/staff-page";
import { bikeSchema, type Bike } from "@ultimate-bikes/contract/bikes";
import { stockPageSchema } from "@ultimate-bikes/contract/stock";
import { useInfiniteQuery, useQueries } from "@tanstack/react-query";
import { useState } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { ErrorMessage } from "../../components/error-message";
import { apiRequest } from "../../lib/api-client";
import { bikeAddress } from "../../lib/bike-links";
import { useAddressState } from "../../lib/use-address-state";
import { QrImage } from "../../components/qr-image";
import { idsIn, LabelSheet, PrintControls, usePaper, type Paper } from "./label-print";

/** The picker shows this many bikes at first, and this many more at each "Show more". */
const PICKER_PAGE = 24;

/** The selected bikes' ids, as the address keeps them: `?ids=a,b,c`. */
const idsOf = (search: URLSearchParams) => idsIn(search, "ids");

/** Staff print QR labels for the bikes they pick (issue 13); others read why they cannot. */
export function LabelsPage() {
  return (
    <StaffPage
      title="Labels"
      refusal="Only warehouse staff print labels. Ask an admin if you need to."
    >
      <Labels />
    </StaffPage>
  );
}

function Labels() {
  const [ids, setIds] = useAddressState(idsOf, (params, next) => {
    if (next.length) params.set("ids", next.join(","));
    else params.delete("ids");
  });
  const [paper, setPaper] = usePaper();
  const toggle = (id: string, on: boolean) =>
    setIds(on ? [...new Set([...ids, id])] : ids.filter((selected) => selected !== id));

  return (
    <>
      <BikePicker
        selected={ids}
        onToggle={toggle}
        onSelectAll={(page) => setIds([...new Set([...ids, ...page])])}
      />
      <PrintControls paper={paper} onPaper={setPaper} canPrint={ids.length > 0}>
        {ids.length > 0 && (
          <Button variant="link" onClick={() => setIds([])}>
            Clear the selection
          </Button>
        )}
      </PrintControls>
      {ids.length === 0 ? (
        <p className="no-print">Choose bikes above: their labels show here, ready to print.</p>
      ) : (
        <BikeLabelSheet ids={ids} paper={paper} />
      )}
    </>
  );
}

/** "13 bikes", "1 bike matches": how many the picker holds, all of them reachable below. */
function countText(total: number, searching: boolean) {
  const bikes = `${total.toLocaleString("en-US")} ${total === 1 ? "bike" : "bikes"}`;
  if (!searching) return bikes;
  return `${bikes} ${total === 1 ? "matches" : "match"}`;
}

/**
 * Search the stock (by name, supplier, description or stock number) and tick the bikes to
 * label. The list says how many bikes it holds and grows a page at a time, by name, never in a
 * box that hides some of them.
 */
function BikePicker({
  selected,
  onToggle,
  onSelectAll,
}: {
  selected: string[];
  onToggle: (id: string, on: boolean) => void;
  onSelectAll: (ids: string[]) => void;
}) {
  const [words, setWords] = useState("");
  const searching = words.trim() !== "";
  const found = useInfiniteQuery({
    queryKey: ["bikes", "stock", "labels", words.trim()],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(PICKER_PAGE), sort: "name" });
      if (searching) query.set("q", words.trim());
      if (pageParam) query.set("cursor", pageParam);
      return apiRequest(`/stock?${query.toString()}`, stockPageSchema);
    },
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const items = found.data?.pages.flatMap((page) => page.items) ?? [];
  const total = found.data?.pages[0]?.total ?? 0;
  return (
    <section aria-labelledby="pick-heading" className="no-print">
      <h2 id="pick-heading" className="h5">
        Bikes to label
      </h2>
      <Form.Group controlId="label-search" className="mb-2">
        <Form.Label>Search bikes</Form.Label>
        <Form.Control
          type="search"
          value={words}
          onChange={(event) => setWords(event.currentTarget.value)}
          aria-describedby="label-search-help"
        />
        <Form.Text id="label-search-help">A name, a supplier or a stock number.</Form.Text>
      </Form.Group>
      {found.isPending ? (
        <Skeleton label="Loading bikes…">
          <SkeletonLines lines={4} />
        </Skeleton>
      ) : found.error ? (
        <ErrorMessage error={found.error} onRetry={() => void found.refetch()} />
      ) : items.length === 0 ? (
        <p role="status">No bikes match.</p>
      ) : (
        <>
          <p role="status" className="mb-2">
            {countText(total, searching)}
            {items.length < total && `, ${items.length.toLocaleString("en-US")} shown`}
          </p>
          <Button
            variant="outline-dark"
            size="sm"
            className="mb-2"
            onClick={() => onSelectAll(items.map((bike) => bike._id))}
          >
            Select all shown
          </Button>
          <ul className="list-unstyled" aria-label="Bikes to pick from">
            {items.map((bike) => (
              <li key={bike._id}>
                <Form.Check
                  id={`label-${bike._id}`}
                  label={`${bike.name} (${bike.supplierName})${bike.stockNumber ? ` ${bike.stockNumber}` : ""}`}
                  checked={selected.includes(bike._id)}
                  onChange={(event) => onToggle(bike._id, event.currentTarget.checked)}
                />
              </li>
            ))}
          </ul>
          {found.hasNextPage && (
            <Button
              variant="outline-dark"
              size="sm"
              onClick={() => void found.fetchNextPage()}
              disabled={found.isFetchingNextPage}
            >
              {found.isFetchingNextPage ? "Loading…" : `Show ${PICKER_PAGE} more`}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** The printable sheet: one label a bike, its QR code holding the bike page's address. */
function BikeLabelSheet({ ids, paper }: { ids: string[]; paper: Paper }) {
  const bikes = useQueries({
    queries: ids.map((id) => ({
      queryKey: ["bikes", "detail", id],
      queryFn: () => apiRequest(`/bikes/${encodeURIComponent(id)}`, bikeSchema),
    })),
  });
  return (
    <LabelSheet paper={paper}>
      {bikes.map((bike, index) =>
        bike.data ? (
          <BikeLabel key={ids[index]} bike={bike.data} />
        ) : (
          <div key={ids[index]} className="bike-label text-body-secondary">
            {bike.error ? "This bike is not in the warehouse." : "Loading…"}
          </div>
        ),
      )}
    </LabelSheet>
  );
}

function BikeLabel({ bike }: { bike: Bike }) {
  return (
    <article className="bike-label" aria-label={`Label of ${bike.name}`}>
      <QrImage text={bikeAddress(bike._id)} size={96} alt={`QR code of ${bike.name}'s page`} />
      <div className="bike-label-text">
        {bike.stockNumber && (
          <span className="d-block bike-label-number font-monospace">{bike.stockNumber}</span>
        )}
        <strong className="d-block text-break">{bike.name}</strong>
        <span className="d-block small text-break">{bike.supplierName}</span>
      </div>
    </article>
  );
}
