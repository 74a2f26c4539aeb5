import {
  TRANSFER_STATUS_LABELS,
  type Transfer,
  type TransferLine,
  type TransferStatus,
} from "@ultimate-bikes/contract/transfers";
import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Table from "react-bootstrap/Table";
import { Link, useParams, useSearchParams } from "react-router";
import { CardList } from "../../components/card-list";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { StaffPage } from "../../components/staff-page";
import { ApiRequestError } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { bikePagePath, paths, transferSheetPath } from "../../lib/paths";
import { useMediaQuery } from "../../lib/use-media-query";
import { problemText } from "./problem-text";
import { ReceiveForm } from "./receive-form";
import { LineUnits } from "./line-units";
import { TransferStatusBadge } from "./transfer-status-badge";
import { routeText } from "./transfer-steps";
import { useLiveTransfers, useTransfer, useTransferStep, type TransferStep } from "./transfers-api";

/** One transfer: its steps, its lines and what may be done next (issue 23). */
export function TransferPage() {
  return (
    <StaffPage
      title="Transfer"
      refusal="Only warehouse staff move stock between places. Ask an admin if you need to."
    >
      <TransferView />
    </StaffPage>
  );
}

function TransferView() {
  useLiveTransfers();
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const transfer = useTransfer(id);
  if (transfer.isPending) {
    return (
      <Skeleton label="Loading the transfer…">
        <SkeletonLines lines={6} />
      </Skeleton>
    );
  }
  if (transfer.error) {
    const missing = transfer.error instanceof ApiRequestError && transfer.error.status === 404;
    return missing ? (
      <p role="alert">
        There is no such transfer. <Link to={paths.transfers}>See all transfers</Link>.
      </p>
    ) : (
      <ErrorMessage error={transfer.error} onRetry={() => void transfer.refetch()} />
    );
  }
  return <TransferDocument transfer={transfer.data} receiveNow={search.has("receive")} />;
}

function TransferDocument({ transfer, receiveNow }: { transfer: Transfer; receiveNow: boolean }) {
  const step = useTransferStep(transfer.id);
  const wide = useMediaQuery("(min-width: 768px)");
  // Refused because someone else moved it on first: the status it had when the step was asked.
  const [askedAt, setAskedAt] = useState<TransferStatus>();
  const movedOn =
    step.error instanceof ApiRequestError &&
    step.error.status === 409 &&
    askedAt !== undefined &&
    askedAt !== transfer.status;
  const act = (action: TransferStep) => {
    setAskedAt(transfer.status);
    step.mutate(action);
  };

  function cancel() {
    if (!window.confirm(`Cancel ${transfer.number}? Nothing has moved; it cannot be sent after.`)) {
      return;
    }
    act({ step: "cancel" });
  }

  return (
    <article aria-labelledby="transfer-heading">
      <h2 id="transfer-heading" className="h3 d-flex flex-wrap gap-2 align-items-center">
        <span className="font-monospace">{transfer.number}</span>
        <TransferStatusBadge status={transfer.status} />
      </h2>
      <p role="status" aria-live="polite" className="visually-hidden">
        {transfer.number} is {TRANSFER_STATUS_LABELS[transfer.status]}.
      </p>
      <dl className="row mb-3">
        <dt className="col-sm-3">From → to</dt>
        <dd className="col-sm-9 text-break">{routeText(transfer)}</dd>
        {transfer.reference && (
          <>
            <dt className="col-sm-3">Reference</dt>
            <dd className="col-sm-9 text-break">{transfer.reference}</dd>
          </>
        )}
        <StepFact label="Created" step={transfer.created} />
        <StepFact label="Sent" step={transfer.sent} />
        <StepFact label="Received" step={transfer.received} />
        <StepFact label="Cancelled" step={transfer.cancelled} />
      </dl>
      {step.error && (
        <Alert variant={movedOn ? "warning" : "danger"} role="alert">
          <p className="mb-0">{problemText(step.error)}</p>
          {movedOn && (
            <p className="mb-0 mt-1">
              Someone else got there first: it is now {TRANSFER_STATUS_LABELS[transfer.status]}, as
              shown here.
            </p>
          )}
        </Alert>
      )}
      <p className="d-flex flex-wrap gap-2">
        {transfer.status === "draft" && (
          <>
            <Button
              variant="danger"
              disabled={step.isPending}
              onClick={() => act({ step: "send" })}
            >
              Send
            </Button>
            <Button variant="outline-dark" disabled={step.isPending} onClick={cancel}>
              Cancel transfer
            </Button>
          </>
        )}
        {transfer.status !== "cancelled" && (
          <Link to={transferSheetPath(transfer.id)} className="btn btn-outline-dark">
            Print transfer sheet
          </Link>
        )}
        <Link to={paths.transfers} className="btn btn-link">
          All transfers
        </Link>
      </p>
      {transfer.status === "sent" && (
        <ReceiveForm
          // A fresh form for each state of the transfer, so its defaults are the lines' now.
          key={transfer.sent?.at}
          transfer={transfer}
          focus={receiveNow}
          pending={step.isPending}
          onReceive={(body) => act({ step: "receive", body })}
        />
      )}
      <h2 className="h4">Lines</h2>
      {wide ? <LineTable transfer={transfer} /> : <LineCards transfer={transfer} />}
    </article>
  );
}

function StepFact({ label, step }: { label: string; step: Transfer["sent"] }) {
  if (!step) return null;
  return (
    <>
      <dt className="col-sm-3">{label}</dt>
      <dd className="col-sm-9">
        {formatDateTime(step.at)}
        {step.by && ` by ${step.by}`}
      </dd>
    </>
  );
}

/** Arrived and the reason, once received; a dash before. */
const arrivedText = (line: TransferLine) => (line.received === null ? "—" : String(line.received));

function LineTable({ transfer }: { transfer: Transfer }) {
  return (
    <Table size="sm" className="stock-table align-middle" aria-label="Lines">
      <thead>
        <tr>
          <th scope="col">Bike</th>
          <th scope="col">Stock number</th>
          <th scope="col" className="text-end">
            Sent
          </th>
          <th scope="col" className="text-end">
            Received
          </th>
          <th scope="col">Shortfall reason</th>
        </tr>
      </thead>
      <tbody>
        {transfer.lines.map((line) => (
          <tr key={line.bikeId}>
            <td className="text-break">
              <Link to={bikePagePath(line.bikeId)}>{line.bikeName}</Link>
              <LineUnits line={line} />
            </td>
            <td className="font-monospace text-nowrap">{line.stockNumber ?? ""}</td>
            <td className="text-end">{line.quantity}</td>
            <td className="text-end">{arrivedText(line)}</td>
            <td className="text-break">{line.shortfallReason ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function LineCards({ transfer }: { transfer: Transfer }) {
  return (
    <CardList
      label="Lines"
      items={transfer.lines}
      idOf={(line) => line.bikeId}
      headingPrefix="line"
    >
      {(line, headingId) => (
        <>
          <h3 id={headingId} className="h6 text-break mb-2">
            <Link to={bikePagePath(line.bikeId)}>{line.bikeName}</Link>
          </h3>
          <LineUnits line={line} />
          <dl className="row small mb-0">
            {line.stockNumber && (
              <>
                <dt className="col-5">Stock number</dt>
                <dd className="col-7 font-monospace">{line.stockNumber}</dd>
              </>
            )}
            <dt className="col-5">Sent</dt>
            <dd className="col-7">{line.quantity}</dd>
            <dt className="col-5">Received</dt>
            <dd className="col-7">{arrivedText(line)}</dd>
            {line.shortfallReason && (
              <>
                <dt className="col-5">Shortfall reason</dt>
                <dd className="col-7 text-break">{line.shortfallReason}</dd>
              </>
            )}
          </dl>
        </>
      )}
    </CardList>
  );
}
