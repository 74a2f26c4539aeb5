import { zodResolver } from "@hookform/resolvers/zod";
import {
  ADDRESS_MAX,
  newPlaceSchema,
  PLACE_KINDS,
  type NewPlace,
  type NewPlaceInput,
  type Place,
} from "@ultimate-bikes/contract/places";
import { useEffect, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { useForm, type FieldPath } from "react-hook-form";
import { toast } from "react-toastify";
import { FormProblem } from "../../components/form-problem";
import { ApiRequestError } from "../../lib/api-client";
import { PLACE_KIND_LABELS } from "./place-kinds";
import { useAddPlace, useChangePlace } from "./places-api";

type Field = FieldPath<NewPlaceInput>;

const FIELD_LABELS: Record<Field, string> = {
  name: "Name",
  kind: "Kind",
  city: "City",
  address: "Address (optional)",
};

interface PlaceFormProps {
  /** The place to edit; none for a new one. */
  place?: Place;
  /** After a save or a cancel: the page closes the form. */
  onDone: () => void;
}

/**
 * A new place, or an existing one's name, kind, city and address. Opens with its heading focused,
 * so a screen reader says which form this is; the server's refusals (a name taken, say) show on
 * their field, anything else under the form.
 */
export function PlaceForm({ place, onDone }: PlaceFormProps) {
  const add = useAddPlace();
  const change = useChangePlace();
  const saving = add.isPending || change.isPending;
  const [problem, setProblem] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<NewPlaceInput, unknown, NewPlace>({
    resolver: zodResolver(newPlaceSchema),
    defaultValues: {
      name: place?.name ?? "",
      kind: place?.kind ?? "showroom",
      city: place?.city ?? "",
      address: place?.address ?? "",
    },
  });
  const headingId = place ? `edit-place-${place.id}-heading` : "add-place-heading";

  useEffect(() => heading.current?.focus(), []);

  function onError(error: Error) {
    const fields = error instanceof ApiRequestError ? error.fields : [];
    fields.forEach((field, index) => {
      const name = field.field.replace(/^body\./, "") as Field;
      form.setError(name, { message: field.message }, { shouldFocus: index === 0 });
    });
    if (fields.length === 0) setProblem(error.message);
  }

  function save(values: NewPlace) {
    setProblem(undefined);
    const onSuccess = (saved: { name: string }) => {
      toast.success(place ? `${saved.name} is saved.` : `${saved.name} is added.`);
      onDone();
    };
    if (place) {
      change.mutate(
        { id: place.id, patch: { ...values, address: values.address ?? null } },
        { onSuccess, onError },
      );
    } else {
      add.mutate(values, { onSuccess, onError });
    }
  }

  /** A text field with its label, and the refusal of its value said under it and read with it. */
  const textField = (
    field: "name" | "city" | "address",
    input: { required?: boolean; maxLength?: number },
  ) => {
    const message = form.formState.errors[field]?.message;
    return (
      <Form.Group className="col-md-6" controlId={`place-${field}`}>
        <Form.Label>{FIELD_LABELS[field]}</Form.Label>
        <Form.Control
          autoComplete="off"
          {...input}
          isInvalid={Boolean(message)}
          aria-describedby={message ? `place-${field}-error` : undefined}
          {...form.register(field)}
        />
        <Form.Control.Feedback type="invalid" id={`place-${field}-error`}>
          {FIELD_LABELS[field].replace(" (optional)", "")} {message}
        </Form.Control.Feedback>
      </Form.Group>
    );
  };

  return (
    <Form
      onSubmit={form.handleSubmit(save)}
      noValidate
      aria-labelledby={headingId}
      className="card p-3 mb-4"
    >
      <h2 id={headingId} ref={heading} tabIndex={-1} className="h5">
        {place ? `Edit ${place.name}` : "Add a place"}
      </h2>
      <div className="row g-3">
        {textField("name", { required: true })}
        <Form.Group className="col-md-6" controlId="place-kind">
          <Form.Label>{FIELD_LABELS.kind}</Form.Label>
          <Form.Select {...form.register("kind")}>
            {PLACE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {PLACE_KIND_LABELS[kind]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {textField("city", { required: true })}
        {textField("address", { maxLength: ADDRESS_MAX })}
      </div>
      <FormProblem message={problem} />
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit" variant="danger" disabled={saving}>
          {saving ? "Saving…" : place ? "Save changes" : "Add place"}
        </Button>
        <Button type="button" variant="outline-secondary" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
