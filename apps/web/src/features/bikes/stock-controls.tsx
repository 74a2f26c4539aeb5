import {
  SEARCH_TEXT_MAX,
  STOCK_STATUS_LABELS,
  stockSortSchema,
  stockStatusSchema,
  type StockSort,
} from "@ultimate-bikes/contract/stock";
import { useEffect, useRef, useState } from "react";
import Col from "react-bootstrap/Col";
import Form from "react-bootstrap/Form";
import Row from "react-bootstrap/Row";
import { formatCount } from "../../lib/format";
import { usePlaces } from "../../lib/places";
import { useSuppliers } from "./bikes-api";
import { hasSearchWords } from "./stock-query";
import type { StockViewControls } from "./stock-view";

/** How long typing must pause before the search runs: one request per pause, not per key. */
const SEARCH_DELAY_MS = 250;

/** The sort choices, in the order the menu offers them. */
const SORT_LABELS: Record<StockSort, string> = {
  relevance: "Best match",
  created: "Oldest first",
  "-created": "Newest first",
  name: "Name, A to Z",
  "-name": "Name, Z to A",
  price: "Price, lowest first",
  "-price": "Price, highest first",
  quantity: "Quantity, fewest first",
  "-quantity": "Quantity, most first",
  "-updated": "Recently changed first",
  updated: "Least recently changed first",
};

const STATUS_CHOICES = [
  { value: "", label: "Any" },
  { value: "in", label: "In stock" },
  { value: "low", label: STOCK_STATUS_LABELS.low },
  { value: "out", label: STOCK_STATUS_LABELS.out },
];

/**
 * The search box. It keeps what is typed and hands it on once typing pauses (or on Enter); when
 * the URL's text changes from elsewhere (Back, a link, "Clear"), the box follows it.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [agreedWith, setAgreedWith] = useState(value);
  if (value !== agreedWith) {
    setAgreedWith(value);
    if (value !== text.trim()) setText(value);
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function onChange(next: string) {
    setText(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onSearch(next.trim()), SEARCH_DELAY_MS);
  }

  return (
    <Form.Group controlId="stock-search">
      <Form.Label>Search bikes</Form.Label>
      <Form.Control
        type="search"
        value={text}
        maxLength={SEARCH_TEXT_MAX}
        placeholder="Name, supplier, description or UB-number"
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          window.clearTimeout(timer.current);
          onSearch(text.trim());
        }}
      />
    </Form.Group>
  );
}

function SupplierSelect({ value, onChoose }: { value: string; onChoose: (name: string) => void }) {
  const { data: suppliers = [] } = useSuppliers();
  // A supplier named by a link stays choosable while the list loads, or after its bikes are gone.
  const listed = suppliers.some((supplier) => supplier.name === value);
  return (
    <Form.Group controlId="stock-supplier">
      <Form.Label>Supplier</Form.Label>
      <Form.Select value={value} onChange={(event) => onChoose(event.target.value)}>
        <option value="">All suppliers</option>
        {value && !listed && <option value={value}>{value}</option>}
        {suppliers.map((supplier) => (
          <option key={supplier.name} value={supplier.name}>
            {supplier.name} ({formatCount(supplier.bikeCount)})
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** The place filter: every place, or one open place (a place of a link stays while unknown). */
function PlaceSelect({ value, onChoose }: { value: string; onChoose: (placeId: string) => void }) {
  const { data: places = [] } = usePlaces();
  const listed = places.some((place) => place.id === value);
  return (
    <Form.Group controlId="stock-place">
      <Form.Label>Place</Form.Label>
      <Form.Select value={value} onChange={(event) => onChoose(event.target.value)}>
        <option value="">All places</option>
        {value && !listed && <option value={value}>The place in the link</option>}
        {places.map((place) => (
          <option key={place.id} value={place.id}>
            {place.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** Search, supplier, place, stock level and sort for a stock list, as a search landmark. */
export function StockControls({ controls }: { controls: StockViewControls }) {
  const { view } = controls;
  return (
    <Form role="search" aria-label="Stock" className="mb-3" onSubmit={(e) => e.preventDefault()}>
      <Row className="g-3 align-items-end">
        <Col xs={12} lg={4}>
          <SearchBox value={view.q} onSearch={controls.search} />
        </Col>
        <Col xs={6} lg={2}>
          <SupplierSelect
            value={view.supplier}
            onChoose={(supplier) => controls.choose({ supplier })}
          />
        </Col>
        <Col xs={6} lg={2}>
          <PlaceSelect value={view.place} onChoose={(place) => controls.choose({ place })} />
        </Col>
        <Col xs={6} lg={2}>
          <Form.Group controlId="stock-status">
            <Form.Label>Stock level</Form.Label>
            <Form.Select
              value={view.status ?? ""}
              onChange={(event) =>
                controls.choose({ status: stockStatusSchema.safeParse(event.target.value).data })
              }
            >
              {STATUS_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} lg={2}>
          <Form.Group controlId="stock-sort">
            <Form.Label>Sort by</Form.Label>
            <Form.Select
              value={view.sort}
              onChange={(event) =>
                controls.choose({ sort: stockSortSchema.parse(event.target.value) })
              }
            >
              {Object.entries(SORT_LABELS)
                // Only words have a best match.
                .filter(([sort]) => sort !== "relevance" || hasSearchWords(view.q))
                .map(([sort, label]) => (
                  <option key={sort} value={sort}>
                    {label}
                  </option>
                ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
    </Form>
  );
}
