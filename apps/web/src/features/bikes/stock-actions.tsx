import type { Bike } from "@ultimate-bikes/contract/bikes";
import { QUANTITY_MAX } from "@ultimate-bikes/contract/bikes";
import { useState, type FormEvent } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import InputGroup from "react-bootstrap/InputGroup";
import { toast } from "react-toastify";
import { useDeliverOne, useImportUnits } from "./bikes-api";

/** What the Import field holds, as a number to send or the reason it cannot be sent. */
export function parseImportAmount(text: string): { amount: number } | { problem: string } {
  const value = text.trim();
  if (value === "") return { problem: "Please enter how many units to import." };
  const number = Number(value);
  if (Number.isNaN(number)) return { problem: "Please enter a number of units." };
  // The spec's own wording for a negative entry.
  if (number < 0) return { problem: "Please enter positive numbers!" };
  if (!Number.isInteger(number)) return { problem: "Please enter a whole number of units." };
  if (number > QUANTITY_MAX)
    return { problem: `Please enter at most ${QUANTITY_MAX.toLocaleString("en-US")} units.` };
  return { amount: number };
}

export function StockActions({ bike }: { bike: Bike }) {
  const deliver = useDeliverOne(bike._id);
  const importUnits = useImportUnits(bike._id);
  const [amountText, setAmountText] = useState("");

  function onDelivered() {
    if (bike.quantity - 1 < 0) {
      toast.error("Your stock is empty");
      return;
    }
    deliver.mutate(undefined, {
      onSuccess: (updated) => toast.success(`One unit delivered. ${updated.quantity} left.`),
      onError: (error) => toast.error(error.message),
    });
  }

  function onImport(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseImportAmount(amountText);
    if ("problem" in parsed) {
      toast.error(parsed.problem);
      return;
    }
    importUnits.mutate(parsed.amount, {
      onSuccess: (updated) => {
        setAmountText("");
        toast.success(`${parsed.amount} units imported. ${updated.quantity} in stock.`);
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <div className="d-grid gap-4">
      <div className="d-grid">
        <Button variant="danger" size="lg" onClick={onDelivered} disabled={deliver.isPending}>
          {deliver.isPending ? "Delivering…" : "Delivered"}
        </Button>
      </div>
      <Form onSubmit={onImport} aria-labelledby="import-heading" noValidate>
        <h2 id="import-heading" className="h5">
          Import now
        </h2>
        <InputGroup>
          <Form.Control
            type="number"
            inputMode="numeric"
            step={1}
            name="amount"
            aria-label="Units to import"
            placeholder="Units to import"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
          />
          <Button type="submit" variant="dark" disabled={importUnits.isPending}>
            {importUnits.isPending ? "Importing…" : "Import"}
          </Button>
        </InputGroup>
      </Form>
    </div>
  );
}
