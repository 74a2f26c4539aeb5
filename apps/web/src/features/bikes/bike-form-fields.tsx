import { DEFAULT_REORDER_POINT } from "@ultimate-bikes/contract/bikes";
import { STOCK_STATUS_LABELS } from "@ultimate-bikes/contract/stock";
import { Fragment, type ReactNode } from "react";
import Form from "react-bootstrap/Form";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";

/** One input of a bike form: Add New item and Edit share them. */
export interface BikeFieldSpec<Name extends string = string> {
  name: Name;
  label: string;
  type?: string;
  inputMode?: "decimal" | "numeric";
  as?: "textarea";
  placeholder?: string;
  /** A line under the field saying what it means. */
  hint?: string;
  /** Whether it may be left empty (the hint says what happens then). */
  optional?: boolean;
}

const REORDER_POINT_MEANING = `At or below this quantity the bike shows "${STOCK_STATUS_LABELS.low}".`;

type BikeFieldName =
  "name" | "photo" | "des" | "price" | "costPrice" | "quantity" | "supplierName" | "reorderPoint";

/** The bike's fields as both forms label them. */
export const bikeFields: { [Name in BikeFieldName]: BikeFieldSpec<Name> } = {
  name: { name: "name", label: "Name" },
  photo: { name: "photo", label: "Photo url", type: "url", placeholder: "https://…" },
  des: { name: "des", label: "Description", as: "textarea" },
  price: { name: "price", label: "Price (USD)", inputMode: "decimal", placeholder: "1999.99" },
  costPrice: {
    name: "costPrice",
    label: "Cost price (optional)",
    inputMode: "decimal",
    placeholder: "1499.99",
    hint: "What the bike cost (USD). The dashboard values the stock at cost where it is known. Visitors never see it.",
    optional: true,
  },
  quantity: { name: "quantity", label: "Quantity", inputMode: "numeric", placeholder: "10" },
  supplierName: { name: "supplierName", label: "Supplier name" },
  reorderPoint: {
    name: "reorderPoint",
    label: "Reorder point",
    inputMode: "numeric",
    placeholder: String(DEFAULT_REORDER_POINT),
    hint: REORDER_POINT_MEANING,
  },
};

/**
 * The inputs of a bike form, each with its label, hint and error (the server's words when it
 * refused the field), wired to react-hook-form. `idPrefix` keeps two forms' ids apart.
 */
export function BikeFormFields<Values extends FieldValues, Output>({
  fields,
  form,
  idPrefix,
  afterField = {},
}: {
  fields: BikeFieldSpec<FieldPath<Values>>[];
  form: UseFormReturn<Values, unknown, Output>;
  idPrefix: string;
  /** What comes right after a field: the photo upload after "Photo url". */
  afterField?: Partial<Record<FieldPath<Values>, ReactNode>>;
}) {
  const errors = form.formState.errors as Partial<Record<string, { message?: string }>>;
  return fields.map((field) => {
    const error = errors[field.name]?.message;
    const hintId = field.hint ? `${idPrefix}-${field.name}-hint` : undefined;
    const errorId = `${idPrefix}-${field.name}-error`;
    const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ");
    return (
      <Fragment key={field.name}>
        <Form.Group className="mb-3" controlId={`${idPrefix}-${field.name}`}>
          <Form.Label>{field.label}</Form.Label>
          <Form.Control
            required={!field.optional}
            as={field.as}
            rows={field.as ? 3 : undefined}
            type={field.type ?? "text"}
            inputMode={field.inputMode}
            placeholder={field.placeholder}
            isInvalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy || undefined}
            {...form.register(field.name)}
          />
          {hintId && (
            <Form.Text id={hintId} className="d-block">
              {field.hint}
            </Form.Text>
          )}
          <Form.Control.Feedback type="invalid" id={errorId}>
            {field.label} {error}
          </Form.Control.Feedback>
        </Form.Group>
        {afterField[field.name]}
      </Fragment>
    );
  });
}
