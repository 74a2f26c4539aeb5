import { zodResolver } from "@hookform/resolvers/zod";
import { importFormSchema, REFERENCE_MAX, type Bike } from "@ultimate-bikes/contract/bikes";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import { useRef, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { toast } from "react-toastify";
import { ApiRequestError } from "../../lib/api-client";
import { firstErrorMessage } from "../../lib/form-errors";
import { useDeliverOne, useImportUnits } from "./bikes-api";

function ImportForm({ bike, reference }: { bike: Bike; reference: string }) {
  const importUnits = useImportUnits(bike._id);
  const form = useForm({
    resolver: zodResolver(importFormSchema),
    defaultValues: { amount: "" },
  });
  // The problem shows at the field (which takes focus) as well as in the spec's toast.
  const problem = form.formState.errors.amount?.message;

  function onImport({ amount }: { amount: number }) {
    importUnits.mutate(
      { amount, reference },
      {
        onSuccess: (updated) => {
          form.reset();
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

  return (
    <Form
      onSubmit={form.handleSubmit(onImport, onRefused)}
      aria-labelledby="import-heading"
      noValidate
    >
      <h2 id="import-heading" className="h5">
        Import now
      </h2>
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
        <Form.Control.Feedback type="invalid" id="import-amount-error">
          {problem}
        </Form.Control.Feedback>
      </InputGroup>
    </Form>
  );
}

/** Delivered and Import for a bike; `disabled` (the bike was removed) turns both off. */
export function StockActions({ bike, disabled = false }: { bike: Bike; disabled?: boolean }) {
  const deliver = useDeliverOne(bike._id);
  const [reference, setReference] = useState("");
  // Set at once on a click: `disabled` waits for a render, which a fast double-click beats.
  const delivering = useRef(false);

  function onDelivered() {
    if (delivering.current) return;
    if (bike.quantity - 1 < 0) {
      toast.error("Your stock is empty");
      return;
    }
    delivering.current = true;
    deliver.mutate(reference, {
      onSuccess: (updated) => toast.success(`One unit delivered. ${updated.quantity} left.`),
      onError: (error) => toast.error(error.message),
      onSettled: () => {
        delivering.current = false;
      },
    });
  }

  return (
    // A disabled fieldset turns off every button and field inside it, the Import form's included.
    <fieldset disabled={disabled}>
      <div className="d-grid gap-4">
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
            Kept in the ledger with the next delivery or import.
          </Form.Text>
        </Form.Group>
        <div className="d-grid">
          <Button variant="danger" size="lg" onClick={onDelivered} disabled={deliver.isPending}>
            {deliver.isPending ? "Delivering…" : "Delivered"}
          </Button>
        </div>
        <ImportForm bike={bike} reference={reference} />
      </div>
    </fieldset>
  );
}
