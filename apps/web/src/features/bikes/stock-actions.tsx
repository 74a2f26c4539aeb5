import { zodResolver } from "@hookform/resolvers/zod";
import {
  importFormSchema,
  QUANTITY_MAX,
  REFERENCE_MAX,
  type Bike,
} from "@ultimate-bikes/contract/bikes";
import type { Place } from "@ultimate-bikes/contract/places";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import { useRef, useState, type FormEvent } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { toast } from "react-toastify";
import { ApiRequestError } from "../../lib/api-client";
import { firstErrorMessage } from "../../lib/form-errors";
import { useDeliver, useImportUnits } from "./bikes-api";
import { UnitImportForm } from "./unit-import-form";

/** What the count beside Delivered refuses, in one toast (the field only turns red). */
export const DELIVER_COUNT_PROBLEM =
  "Please enter how many units to deliver: a whole number, 1 or more.";

/** The count beside Delivered: empty is the spec's one unit; undefined when it is no count. */
function deliverCountOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return 1;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const count = Number(trimmed);
  return count >= 1 && count <= QUANTITY_MAX ? count : undefined;
}

/**
 * Where a change happens: a choice among `places`, the chosen one while it is still among them,
 * else the default. `sent`: the place the request names, none for the default, which the server
 * decides itself (a home place changed in another tab since this page loaded included).
 */
function usePlaceChoice(places: readonly Place[] | undefined, defaultPlaceId: string | undefined) {
  const [chosen, setChosen] = useState<string>();
  const placeId = places?.some((place) => place.id === chosen) ? chosen : defaultPlaceId;
  return { placeId, sent: placeId === defaultPlaceId ? undefined : placeId, choose: setChosen };
}

/** A stock action's place. Shown only with more than one place to choose from. */
function PlacePicker({
  id,
  label,
  places,
  value,
  onChoose,
}: {
  id: string;
  label: string;
  places: readonly Place[] | undefined;
  value: string | undefined;
  onChoose: (placeId: string) => void;
}) {
  if (!places || places.length < 2 || value === undefined) return null;
  return (
    <Form.Group controlId={id} className="d-flex align-items-center gap-2 mb-2">
      <Form.Label className="mb-0 text-nowrap small">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChoose(event.target.value)}>
        {places.map((place) => (
          <option key={place.id} value={place.id}>
            {place.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** Where the stock actions may happen: the open places, and the person's default among them. */
export interface StockPlaces {
  places?: readonly Place[] | undefined;
  defaultPlaceId?: string | undefined;
}

/**
 * The Import form. `onImported` runs after each import the server accepted, with the order or
 * invoice it was for (which then clears). Units arrive at any open place, the default first.
 */
function ImportForm({
  bike,
  reference,
  onImported,
  places,
  defaultPlaceId,
}: {
  bike: Bike;
  reference: string;
  onImported: (sentReference: string) => void;
} & StockPlaces) {
  const { placeId, sent: sentPlaceId, choose } = usePlaceChoice(places, defaultPlaceId);
  const importUnits = useImportUnits(bike._id);
  const form = useForm({
    resolver: zodResolver(importFormSchema),
    defaultValues: { amount: "" },
  });
  // One message per problem: the spec's toast says it; the field turns red, takes focus, and
  // carries the words for a screen reader only, so they are not on screen twice.
  const problem = form.formState.errors.amount?.message;

  function onImport({ amount }: { amount: number }) {
    importUnits.mutate(
      { amount, reference, placeId: sentPlaceId },
      {
        onSuccess: (updated) => {
          form.reset();
          onImported(reference);
          toast.success(`${amount} units imported. ${updated.quantity} in stock.`);
        },
        onError: (error) => {
          const amountError = error instanceof ApiRequestError ? error.fields[0] : undefined;
          if (amountError) form.setError("amount", { message: amountError.message });
          toast.error(error.message);
        },
      },
    );
  }

  function onRefused(errors: FieldErrors) {
    const problem = firstErrorMessage(errors);
    if (problem) toast.error(problem);
  }

  const placePicker = (
    <PlacePicker
      id="import-place"
      label="Import to"
      places={places}
      value={placeId}
      onChoose={choose}
    />
  );
  // A model tracked by unit imports motorbikes by their numbers, never a bare count.
  if (bike.tracksUnits) {
    return (
      <UnitImportForm
        bike={bike}
        reference={reference}
        onImported={onImported}
        placeId={sentPlaceId}
        placePicker={placePicker}
      />
    );
  }
  return (
    <Form
      onSubmit={form.handleSubmit(onImport, onRefused)}
      aria-labelledby="import-heading"
      noValidate
    >
      <h2 id="import-heading" className="h5">
        Import now
      </h2>
      {placePicker}
      <InputGroup hasValidation>
        <Form.Control
          type="number"
          inputMode="numeric"
          step={1}
          aria-label="Units to import"
          placeholder="Units to import"
          isInvalid={Boolean(problem)}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? "import-amount-error" : undefined}
          {...form.register("amount")}
        />
        <Button type="submit" variant="dark" disabled={importUnits.isPending}>
          {importUnits.isPending ? "Importing…" : "Import"}
        </Button>
      </InputGroup>
      <span id="import-amount-error" className="visually-hidden">
        {problem}
      </span>
    </Form>
  );
}

/**
 * Delivered and Import for a bike; `disabled` (the bike was removed) turns both off. Delivered
 * takes one unit, the spec's; a count beside it ("4") makes it "Deliver 4", one ledger entry. The
 * order or invoice applies to one change: it clears once the server accepted it. With `places`,
 * each acts at a place the person picks: Delivered from the default place or one holding the
 * bike, Import at any open place; a place short of units is the server's 409, said in the toast.
 */
export function StockActions({
  bike,
  disabled = false,
  places,
  defaultPlaceId,
}: { bike: Bike; disabled?: boolean } & StockPlaces) {
  const deliver = useDeliver(bike._id);
  const deliverPlaces = places?.filter(
    (place) =>
      place.id === defaultPlaceId || bike.stock.some((entry) => entry.placeId === place.id),
  );
  const deliverFrom = usePlaceChoice(deliverPlaces, defaultPlaceId);
  const [reference, setReference] = useState("");
  const [countText, setCountText] = useState("");
  const [countRefused, setCountRefused] = useState(false);
  const countField = useRef<HTMLInputElement>(null);
  // Set at once on a click: `disabled` waits for a render, which a fast double-click beats.
  const delivering = useRef(false);
  const count = deliverCountOf(countText);

  /** Clears the order or invoice a change was for, unless another was typed meanwhile. */
  const clearReference = (sent: string) => setReference((now) => (now === sent ? "" : now));

  function onDelivered(event: FormEvent) {
    event.preventDefault();
    if (delivering.current) return;
    if (count === undefined) {
      setCountRefused(true);
      countField.current?.focus();
      toast.error(DELIVER_COUNT_PROBLEM);
      return;
    }
    if (bike.quantity - 1 < 0) {
      toast.error("Your stock is empty");
      return;
    }
    delivering.current = true;
    const sent = reference;
    deliver.mutate(
      { amount: count, reference: sent, placeId: deliverFrom.sent },
      {
        onSuccess: (updated) => {
          clearReference(sent);
          setCountText("");
          toast.success(
            count === 1
              ? `One unit delivered. ${updated.quantity} left.`
              : `${count} units delivered. ${updated.quantity} left.`,
          );
        },
        onError: (error) => toast.error(error.message),
        onSettled: () => {
          delivering.current = false;
        },
      },
    );
  }

  return (
    // A disabled fieldset turns off every button and field inside it, the Import form's included.
    <fieldset disabled={disabled}>
      <div className="d-grid gap-3">
        <Form.Group controlId="movement-reference">
          <Form.Label>Order or invoice (optional)</Form.Label>
          <Form.Control
            maxLength={REFERENCE_MAX}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            placeholder="e.g. PO-1042"
            aria-describedby="movement-reference-hint"
          />
          <Form.Text id="movement-reference-hint" className="visually-hidden">
            Kept in the ledger with the next delivery or import, then cleared.
          </Form.Text>
        </Form.Group>
        <Form onSubmit={onDelivered} noValidate>
          <PlacePicker
            id="deliver-place"
            label="Deliver from"
            places={deliverPlaces}
            value={deliverFrom.placeId}
            onChoose={deliverFrom.choose}
          />
          <InputGroup size="lg" className="flex-nowrap">
            <InputGroup.Text as="label" htmlFor="deliver-count" className="fs-6">
              Units
            </InputGroup.Text>
            <Form.Control
              id="deliver-count"
              aria-label="Units to deliver"
              ref={countField}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="1"
              className="deliver-count"
              value={countText}
              isInvalid={countRefused}
              aria-invalid={countRefused}
              aria-describedby="deliver-count-hint"
              onChange={(event) => {
                setCountText(event.currentTarget.value);
                setCountRefused(false);
              }}
            />
            <Button
              type="submit"
              variant="danger"
              className="flex-grow-1"
              disabled={deliver.isPending}
            >
              {deliver.isPending
                ? "Delivering…"
                : count && count > 1
                  ? `Deliver ${count}`
                  : "Delivered"}
            </Button>
          </InputGroup>
          <span id="deliver-count-hint" className="visually-hidden">
            {countRefused
              ? DELIVER_COUNT_PROBLEM
              : "Empty for one unit; a larger count is delivered as one ledger entry."}
          </span>
        </Form>
        <ImportForm
          bike={bike}
          reference={reference}
          onImported={clearReference}
          places={places}
          defaultPlaceId={defaultPlaceId}
        />
      </div>
    </fieldset>
  );
}
