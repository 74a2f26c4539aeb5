import type { Place } from "@ultimate-bikes/contract/places";
import type { StockItem } from "@ultimate-bikes/contract/stock";
import { useRef, useState, type FormEvent } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { useNavigate } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { FormProblem } from "../../components/form-problem";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { StaffPage } from "../../components/staff-page";
import { transferPagePath } from "../../lib/paths";
import { useDefaultPlace, usePlaces } from "../../lib/places";
import { problemText } from "./problem-text";
import { useBikeSuggestions, useBikeStock, useCreateTransfer } from "./transfers-api";

/** The bike a line moves, as the picker found it. */
interface LineBike {
  id: string;
  name: string;
  stockNumber: string | null;
}

interface Line {
  /** Stable while lines are added and removed: the fields' ids and React's key. */
  key: number;
  bike?: LineBike;
  quantity: string;
}

/** Staff write a transfer here: saved as a draft, or sent at once (issue 23). */
export function NewTransferPage() {
  return (
    <StaffPage
      title="New transfer"
      refusal="Only warehouse staff move stock between places. Ask an admin if you need to."
    >
      <NewTransfer />
    </StaffPage>
  );
}

function NewTransfer() {
  const places = usePlaces();
  const defaultPlace = useDefaultPlace();
  if (places.isPending || (places.data && !defaultPlace)) {
    return (
      <Skeleton label="Loading the places…">
        <SkeletonLines lines={4} />
      </Skeleton>
    );
  }
  if (places.error) {
    return <ErrorMessage error={places.error} onRetry={() => void places.refetch()} />;
  }
  return <NewTransferForm places={places.data} defaultPlaceId={defaultPlace?.id ?? ""} />;
}

/** What is wrong with the form before it is sent, in the words the form uses; else undefined. */
function checkForm(from: string, to: string, lines: Line[]): string | undefined {
  if (!from || !to) return "Choose where the units leave from and where they go.";
  if (from === to) return "To must be another place than From.";
  const lineNumbers = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    const name = `Line ${index + 1}`;
    if (!line.bike) return `${name}: choose a bike, or remove the line.`;
    if (!/^\d+$/.test(line.quantity.trim()) || Number(line.quantity) < 1) {
      return `${name}: the quantity must be a whole number, 1 or more.`;
    }
    const earlier = lineNumbers.get(line.bike.id);
    if (earlier) return `${name}: this bike is on line ${earlier} already.`;
    lineNumbers.set(line.bike.id, index + 1);
  }
  return lines.length === 0 ? "Add at least one bike." : undefined;
}

export function NewTransferForm({
  places,
  defaultPlaceId,
}: {
  places: Place[];
  defaultPlaceId: string;
}) {
  const navigate = useNavigate();
  const create = useCreateTransfer();
  const [from, setFrom] = useState(defaultPlaceId);
  const [to, setTo] = useState("");
  const [reference, setReference] = useState("");
  const nextKey = useRef(1);
  const [lines, setLines] = useState<Line[]>([{ key: 0, quantity: "1" }]);
  const [problem, setProblem] = useState<string>();
  const sendNow = useRef(false);
  // From is always one of them: it starts at the default place and offers no other.
  const source = places.find((place) => place.id === from)!;

  const changeLine = (key: number, change: Partial<Line>) =>
    setLines((current) =>
      current.map((line) => (line.key === key ? { ...line, ...change } : line)),
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = checkForm(from, to, lines);
    // The same sentence twice is still news: clear it first, so it is announced again.
    setProblem(undefined);
    if (wrong) {
      setTimeout(() => setProblem(wrong));
      return;
    }
    create.mutate(
      {
        sourcePlaceId: from,
        destinationPlaceId: to,
        reference: reference.trim() || undefined,
        lines: lines.map((line) => ({ bikeId: line.bike!.id, quantity: Number(line.quantity) })),
        send: sendNow.current,
      },
      {
        onSuccess: (transfer) => void navigate(transferPagePath(transfer.id)),
        onError: (error) => setProblem(problemText(error)),
      },
    );
  }

  return (
    <Form noValidate onSubmit={submit} aria-label="New transfer" className="transfer-form">
      <div className="row g-2 mb-3">
        <Form.Group controlId="transfer-from" className="col-12 col-sm-6">
          <Form.Label>From</Form.Label>
          <Form.Select
            value={from}
            onChange={(event) => {
              const place = event.currentTarget.value;
              setFrom(place);
              // To never offers From: a To that has just become From is chosen again.
              if (place === to) setTo("");
            }}
          >
            {places.map((place) => (
              <option key={place.id} value={place.id}>
                {place.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="transfer-to" className="col-12 col-sm-6">
          <Form.Label>To</Form.Label>
          <Form.Select value={to} onChange={(event) => setTo(event.currentTarget.value)}>
            <option value="">Choose a place</option>
            {places
              .filter((place) => place.id !== from)
              .map((place) => (
                <option key={place.id} value={place.id}>
                  {place.name}
                </option>
              ))}
          </Form.Select>
        </Form.Group>
      </div>
      <Form.Group controlId="transfer-reference" className="mb-3">
        <Form.Label>Reference (optional)</Form.Label>
        <Form.Control
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          aria-describedby="transfer-reference-help"
        />
        <Form.Text id="transfer-reference-help">A truck, an order or a note.</Form.Text>
      </Form.Group>
      <h2 className="h5">Bikes</h2>
      <ol className="list-unstyled d-grid gap-3 mb-3">
        {lines.map((line, index) => (
          <li key={line.key}>
            <LineFields
              line={line}
              number={index + 1}
              source={source}
              onChange={(change) => changeLine(line.key, change)}
              onRemove={
                lines.length > 1
                  ? () => setLines((current) => current.filter((other) => other.key !== line.key))
                  : undefined
              }
            />
          </li>
        ))}
      </ol>
      <p>
        <Button
          variant="outline-dark"
          onClick={() =>
            setLines((current) => [...current, { key: nextKey.current++, quantity: "1" }])
          }
        >
          Add a bike
        </Button>
      </p>
      <FormProblem message={problem} />
      <div className="d-flex flex-wrap gap-2">
        <Button
          type="submit"
          variant="outline-dark"
          disabled={create.isPending}
          onClick={() => (sendNow.current = false)}
        >
          Save draft
        </Button>
        <Button
          type="submit"
          variant="danger"
          disabled={create.isPending}
          onClick={() => (sendNow.current = true)}
        >
          Send now
        </Button>
        {create.isPending && (
          <span role="status" className="align-self-center">
            Saving…
          </span>
        )}
      </div>
    </Form>
  );
}

/** One line: the bike (searched as typed) and how many, with what the source holds of it. */
function LineFields({
  line,
  number,
  source,
  onChange,
  onRemove,
}: {
  line: Line;
  number: number;
  source: Place;
  onChange: (change: Partial<Line>) => void;
  onRemove?: () => void;
}) {
  const id = `transfer-line-${line.key}`;
  return (
    <fieldset className="border rounded p-2">
      <legend className="h6 float-none w-auto px-1 mb-1">Line {number}</legend>
      {line.bike ? (
        <p className="mb-2 d-flex flex-wrap gap-2 align-items-center">
          <strong className="text-break">{line.bike.name}</strong>
          {line.bike.stockNumber && (
            <span className="font-monospace small">{line.bike.stockNumber}</span>
          )}
          <Button
            variant="link"
            size="sm"
            className="p-0"
            onClick={() => onChange({ bike: undefined })}
          >
            Change bike
          </Button>
        </p>
      ) : (
        <BikeSearch id={`${id}-bike`} source={source} onPick={(bike) => onChange({ bike })} />
      )}
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId={`${id}-quantity`}>
          <Form.Label>Quantity</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className="transfer-quantity"
            value={line.quantity}
            onChange={(event) => onChange({ quantity: event.currentTarget.value })}
            aria-describedby={line.bike ? `${id}-at-source` : undefined}
          />
        </Form.Group>
        {onRemove && (
          <Button variant="outline-danger" onClick={onRemove} aria-label={`Remove line ${number}`}>
            Remove
          </Button>
        )}
      </div>
      {line.bike && (
        <AtSource
          id={`${id}-at-source`}
          bikeId={line.bike.id}
          source={source}
          quantity={line.quantity}
        />
      )}
    </fieldset>
  );
}

/** "5 at Main warehouse", from the bike's own answer; a warning past what is there. */
function AtSource({
  id,
  bikeId,
  source,
  quantity,
}: {
  id: string;
  bikeId: string;
  source: Place;
  quantity: string;
}) {
  const bike = useBikeStock(bikeId);
  const there = bike.data?.stock.find((stock) => stock.placeId === source.id)?.quantity ?? 0;
  const text = bike.data
    ? there === 0
      ? `None at ${source.name}.`
      : `${there} at ${source.name}.`
    : bike.error
      ? "Could not read how many are there."
      : "Counting…";
  const tooMany = bike.data !== undefined && Number(quantity) > there;
  return (
    <Form.Text id={id} className={tooMany ? "d-block text-danger" : "d-block"}>
      {text}
      {tooMany && " Sending needs them all there."}
    </Form.Text>
  );
}

/**
 * The bike of a line, found among those at the source as its name, supplier or stock number is
 * typed: the matches are buttons under the field, reached with Tab, each with its units there.
 */
function BikeSearch({
  id,
  source,
  onPick,
}: {
  id: string;
  source: Place;
  onPick: (bike: LineBike) => void;
}) {
  const [words, setWords] = useState("");
  const typed = words.trim();
  const suggestions = useBikeSuggestions(typed, source.id);
  const items: StockItem[] = typed ? (suggestions.data?.items ?? []) : [];
  return (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label>Bike</Form.Label>
      <Form.Control
        type="search"
        autoComplete="off"
        value={words}
        onChange={(event) => setWords(event.currentTarget.value)}
        // Enter picks nothing and sends nothing: the matches are below.
        onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
        aria-describedby={`${id}-help`}
      />
      <Form.Text id={`${id}-help`} aria-live="polite">
        {!typed
          ? "Type a name, a supplier or a stock number (UB-00042)."
          : suggestions.isPending
            ? "Searching…"
            : items.length === 0
              ? `No bike at ${source.name} has a name, supplier or stock number that starts with that.`
              : `${items.length} ${items.length === 1 ? "bike matches" : "bikes match"}; choose one below.`}
      </Form.Text>
      {items.length > 0 && (
        <ul className="list-unstyled d-grid gap-1 mt-1 mb-0" aria-label="Matching bikes">
          {items.map((bike) => (
            <li key={bike._id}>
              <Button
                variant="outline-secondary"
                size="sm"
                className="text-start text-break w-100"
                onClick={() =>
                  onPick({ id: bike._id, name: bike.name, stockNumber: bike.stockNumber })
                }
              >
                {bike.name}
                {bike.stockNumber && ` · ${bike.stockNumber}`} · {bike.placeQuantity} at{" "}
                {source.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Form.Group>
  );
}
