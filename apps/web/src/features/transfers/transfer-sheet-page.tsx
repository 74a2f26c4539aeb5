import type { Transfer } from "@ultimate-bikes/contract/transfers";
import Button from "react-bootstrap/Button";
import { Link, useParams } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { QrImage } from "../../components/qr-image";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { StaffPage } from "../../components/staff-page";
import { transferPagePath } from "../../lib/paths";
import { transferAddress } from "../../lib/transfer-links";
import { useTransfer } from "./transfers-api";

/**
 * A transfer's sheet, to print on A4 and send with the truck: its lines with a blank "Arrived"
 * column, lines to sign, and a QR code of the transfer's page, which Scan opens ready to receive.
 */
export function TransferSheetPage() {
  return (
    <StaffPage
      title="Transfer sheet"
      refusal="Only warehouse staff print transfer sheets. Ask an admin if you need to."
    >
      <TransferSheetView />
    </StaffPage>
  );
}

function TransferSheetView() {
  const { id = "" } = useParams();
  const transfer = useTransfer(id);
  if (transfer.isPending) {
    return (
      <Skeleton label="Loading the transfer…">
        <SkeletonLines lines={6} />
      </Skeleton>
    );
  }
  if (transfer.error) {
    return <ErrorMessage error={transfer.error} onRetry={() => void transfer.refetch()} />;
  }
  return (
    <>
      <p className="d-flex flex-wrap gap-2 no-print">
        <Button variant="dark" onClick={() => window.print()}>
          Print
        </Button>
        <Link to={transferPagePath(id)} className="btn btn-link">
          Back to {transfer.data.number}
        </Link>
      </p>
      <TransferSheet transfer={transfer.data} />
    </>
  );
}

function TransferSheet({ transfer }: { transfer: Transfer }) {
  return (
    <article className="transfer-sheet" aria-label={`Sheet of ${transfer.number}`}>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <div>
          <p className="small mb-0">Ultimate Bikes · Transfer of stock</p>
          <p className="transfer-sheet-number font-monospace mb-1">{transfer.number}</p>
          <dl className="row mb-0">
            <dt className="col-4">From</dt>
            <dd className="col-8 text-break">{transfer.source.name}</dd>
            <dt className="col-4">To</dt>
            <dd className="col-8 text-break">{transfer.destination.name}</dd>
            {transfer.reference && (
              <>
                <dt className="col-4">Reference</dt>
                <dd className="col-8 text-break">{transfer.reference}</dd>
              </>
            )}
          </dl>
        </div>
        <QrImage
          text={transferAddress(transfer.id)}
          size={128}
          alt={`QR code of ${transfer.number}'s page`}
        />
      </div>
      <table className="table table-bordered table-sm transfer-sheet-lines" aria-label="Lines">
        <thead>
          <tr>
            <th scope="col">Bike</th>
            <th scope="col">Stock number</th>
            <th scope="col" className="text-end">
              Sent
            </th>
            <th scope="col" className="transfer-sheet-arrived">
              Arrived
            </th>
          </tr>
        </thead>
        <tbody>
          {transfer.lines.map((line) => (
            <tr key={line.bikeId}>
              <td className="text-break">{line.bikeName}</td>
              <td className="font-monospace">{line.stockNumber ?? ""}</td>
              <td className="text-end">{line.quantity}</td>
              <td />
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row g-4 mt-2">
        {["Sent by", "Received by"].map((who) => (
          <div key={who} className="col-12 col-sm-6">
            <p className="mb-1">{who}</p>
            <p className="transfer-sheet-signature small text-body-secondary">
              Name, signature and date
            </p>
          </div>
        ))}
      </div>
    </article>
  );
}
