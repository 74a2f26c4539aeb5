import type { Unit } from "@ultimate-bikes/contract/units";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { toast } from "react-toastify";
import { useExtendHold, useHoldUnit, useReleaseUnit } from "../../lib/units-api";
import { FormProblem } from "../form-problem";

/** A new hold lasts this long unless the person picks another end. */
const DEFAULT_HOLD_DAYS = 3;

/** A moment as a `datetime-local` field shows it: the person's own clock, to the minute. */
function localInputValue(moment: Date): string {
  const local = new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const inDays = (days: number, from = new Date()) =>
  localInputValue(new Date(from.getTime() + days * 86_400_000));

/** The field's local date-time as ISO 8601, or undefined when it is not a moment to come. */
function futureMoment(value: string): string | undefined {
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) || moment <= new Date() ? undefined : moment.toISOString();
}

const UNTIL_PROBLEM = "Please pick a date and time to come for the hold to end.";

/** The end of a hold, picked on the person's clock. */
function UntilField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>Hold until</Form.Label>
      <Form.Control
        type="datetime-local"
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </Form.Group>
  );
}

/** A hold form's submit button (`children`, off while sending) and Cancel. */
function FormButtons({
  pending,
  onCancel,
  children,
}: {
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className="d-flex flex-wrap gap-2">
      <Button type="submit" variant="dark" size="sm" disabled={pending}>
        {children}
      </Button>
      <Button variant="outline-secondary" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** "Hold for a customer": who, their phone, the deposit receipt, until when. */
function HoldForm({ unit, onDone }: { unit: Unit; onDone: () => void }) {
  const id = useId();
  const hold = useHoldUnit(unit.id);
  const [customerName, setCustomerName] = useState("");
  const [customerPhone, setCustomerPhone] = useState("");
  const [reference, setReference] = useState("");
  const [until, setUntil] = useState(() => inDays(DEFAULT_HOLD_DAYS));
  const [problem, setProblem] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const expiresAt = futureMoment(until);
    if (!customerName.trim() || !customerPhone.trim()) {
      setProblem("Please enter the customer's name and phone.");
      return;
    }
    if (!expiresAt) {
      setProblem(UNTIL_PROBLEM);
      return;
    }
    setProblem(undefined);
    hold.mutate(
      {
        customerName: customerName.trim(),
        customerPhone: customerPhone.trim(),
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        expiresAt,
      },
      {
        onSuccess: (held) => {
          toast.success(`${held.chassis} held for ${held.hold?.customerName ?? customerName}.`);
          onDone();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }

  return (
    <Form onSubmit={onSubmit} noValidate aria-label={`Hold ${unit.chassis} for a customer`}>
      <FormProblem message={problem} />
      <div className="d-grid gap-2 mb-2">
        <Form.Group controlId={`${id}-name`}>
          <Form.Label>Customer name</Form.Label>
          <Form.Control
            required
            autoComplete="off"
            value={customerName}
            onChange={(event) => setCustomerName(event.currentTarget.value)}
          />
        </Form.Group>
        <Form.Group controlId={`${id}-phone`}>
          <Form.Label>Customer phone</Form.Label>
          <Form.Control
            type="tel"
            required
            autoComplete="off"
            value={customerPhone}
            onChange={(event) => setCustomerPhone(event.currentTarget.value)}
          />
        </Form.Group>
        <Form.Group controlId={`${id}-reference`}>
          <Form.Label>Deposit receipt (optional)</Form.Label>
          <Form.Control
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
          />
        </Form.Group>
        <UntilField id={`${id}-until`} value={until} onChange={setUntil} />
      </div>
      <FormButtons pending={hold.isPending} onCancel={onDone}>
        {hold.isPending ? "Holding…" : "Hold"}
      </FormButtons>
    </Form>
  );
}

/** "Extend": a later end for the hold. */
function ExtendForm({ unit, onDone }: { unit: Unit; onDone: () => void }) {
  const id = useId();
  const extend = useExtendHold(unit.id);
  const [until, setUntil] = useState(() =>
    inDays(DEFAULT_HOLD_DAYS, new Date(unit.hold?.expiresAt ?? Date.now())),
  );
  const [problem, setProblem] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const expiresAt = futureMoment(until);
    if (!expiresAt) {
      setProblem(UNTIL_PROBLEM);
      return;
    }
    setProblem(undefined);
    extend.mutate(
      { expiresAt },
      {
        onSuccess: () => {
          toast.success(`The hold on ${unit.chassis} was extended.`);
          onDone();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }

  return (
    <Form onSubmit={onSubmit} noValidate aria-label={`Extend the hold on ${unit.chassis}`}>
      <FormProblem message={problem} />
      <div className="mb-2">
        <UntilField id={`${id}-until`} value={until} onChange={setUntil} />
      </div>
      <FormButtons pending={extend.isPending} onCancel={onDone}>
        {extend.isPending ? "Extending…" : "Extend the hold"}
      </FormButtons>
    </Form>
  );
}

/**
 * Holding a unit for a customer, releasing it, extending its hold (issue 24). The server decides
 * who may (the hold's maker or an admin) and says who holds it when it refuses.
 */
export function HoldControls({ unit, disabled = false }: { unit: Unit; disabled?: boolean }) {
  const [open, setOpen] = useState<"hold" | "extend">();
  const release = useReleaseUnit(unit.id);
  const close = () => setOpen(undefined);

  if (open === "hold") return <HoldForm unit={unit} onDone={close} />;
  if (open === "extend") return <ExtendForm unit={unit} onDone={close} />;
  if (unit.hold) {
    return (
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="outline-dark"
          size="sm"
          disabled={disabled || release.isPending}
          aria-label={`Release ${unit.chassis}`}
          onClick={() =>
            release.mutate(undefined, {
              onSuccess: () => toast.success(`${unit.chassis} released.`),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          {release.isPending ? "Releasing…" : "Release"}
        </Button>
        <Button
          variant="outline-dark"
          size="sm"
          disabled={disabled}
          aria-label={`Extend the hold on ${unit.chassis}`}
          onClick={() => setOpen("extend")}
        >
          Extend
        </Button>
      </div>
    );
  }
  if (unit.status !== "in_stock") return null;
  return (
    <Button
      variant="outline-dark"
      size="sm"
      disabled={disabled}
      aria-label={`Hold for a customer: ${unit.chassis}`}
      onClick={() => setOpen("hold")}
    >
      Hold for a customer
    </Button>
  );
}
