import type { Backup, BackupList } from "@ultimate-bikes/contract/backups";
import { canManageBackups } from "@ultimate-bikes/contract/roles";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import Table from "react-bootstrap/Table";
import { toast } from "react-toastify";
import { CardList } from "../../components/card-list";
import { ErrorMessage } from "../../components/error-message";
import { FormProblem } from "../../components/form-problem";
import { Skeleton, SkeletonLines, SkeletonTable } from "../../components/skeleton";
import { useAccount } from "../../lib/account";
import { formatDateTime } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { backupDownloadUrl, useBackups, useMakeBackup } from "./backups-api";

const ONLY_ADMINS = "Only admins see and make backups.";

/** Bootstrap's md breakpoint: from here the table fits without sideways scrolling. */
const TABLE_WIDTH = "(min-width: 768px)";

const sizes = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** 399872 → "390.5 KB": how big a download it is, in the units people read. */
export function formatSize(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${sizes.format(size)} ${units[unit]}`;
}

function DownloadLink({ backup }: { backup: Backup }) {
  return (
    <a
      href={backupDownloadUrl(backup.name)}
      download={backup.name}
      className="btn btn-sm btn-outline-secondary"
      aria-label={`Download the backup of ${formatDateTime(backup.createdAt)}`}
    >
      Download
    </a>
  );
}

/** The backups: a table on a tablet or wider, one card each on a phone. */
function BackupTable({ backups }: { backups: Backup[] }) {
  const wide = useMediaQuery(TABLE_WIDTH);
  if (wide) {
    return (
      <Table size="sm" className="align-middle" aria-label="Backups">
        <thead>
          <tr>
            <th scope="col">Made</th>
            <th scope="col">File</th>
            <th scope="col" className="text-end">
              Size
            </th>
            <th scope="col">Download</th>
          </tr>
        </thead>
        <tbody>
          {backups.map((backup) => (
            <tr key={backup.name}>
              <th scope="row" className="fw-normal">
                {formatDateTime(backup.createdAt)}
              </th>
              <td className="text-break font-monospace small">{backup.name}</td>
              <td className="text-end">{formatSize(backup.size)}</td>
              <td>
                <DownloadLink backup={backup} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }
  return (
    <CardList label="Backups" items={backups} idOf={(backup) => backup.name} headingPrefix="backup">
      {(backup, headingId) => (
        <>
          <h3 id={headingId} className="h6 mb-1">
            {formatDateTime(backup.createdAt)}
          </h3>
          <p className="mb-2 small text-break">
            <span className="font-monospace">{backup.name}</span>, {formatSize(backup.size)}
          </p>
          <div>
            <DownloadLink backup={backup} />
          </div>
        </>
      )}
    </CardList>
  );
}

/** Where the backups go and when they are made on their own. */
function Settings({ list }: { list: BackupList }) {
  return (
    <>
      <p>
        They are kept on the server in <code className="text-break">{list.folder}</code>.
      </p>
      <p>
        {list.schedule
          ? `A backup is made every ${list.schedule.everyHours} ${list.schedule.everyHours === 1 ? "hour" : "hours"}; the newest ${list.schedule.keep} are kept.`
          : "None are made on a schedule: the server's operator can set BACKUP_EVERY."}
      </p>
    </>
  );
}

/** The SQLite backups of the server: made now or on a schedule, listed, downloaded. */
function SqliteBackups({ list }: { list: BackupList }) {
  const make = useMakeBackup();
  return (
    <>
      <Settings list={list} />
      <Button
        variant="danger"
        className="mb-4"
        disabled={make.isPending}
        onClick={() =>
          make.mutate(undefined, {
            onSuccess: (backup) =>
              toast.success(`Backup made: ${formatSize(backup.size)}, ready to download.`),
          })
        }
      >
        {make.isPending ? "Making a backup…" : "Make a backup now"}
      </Button>
      <FormProblem message={make.error?.message} />
      <section aria-labelledby="backups-heading">
        <h2 id="backups-heading" className="h5">
          Backups, newest first
        </h2>
        {list.backups.length === 0 ? (
          <p>No backups yet.</p>
        ) : (
          <BackupTable backups={list.backups} />
        )}
      </section>
    </>
  );
}

/**
 * Admins see the database's backups (SQLite: listed, made now, downloaded); on PostgreSQL, how
 * the operator makes them. Everyone else is told only admins do.
 */
export function BackupsPage() {
  usePageTitle("Backups");
  const { account, isPending } = useAccount();
  const isAdmin = account !== undefined && canManageBackups(account.role);
  // Nothing is asked of the server for someone who may not see it.
  const backups = useBackups(isAdmin);

  let content;
  if (isPending || (isAdmin && backups.isPending)) {
    content = (
      <Skeleton label="Loading backups…">
        <SkeletonLines lines={2} />
        <SkeletonTable rows={3} columns={4} />
      </Skeleton>
    );
  } else if (!isAdmin) {
    content = <p>{ONLY_ADMINS}</p>;
  } else if (backups.isError) {
    content = <ErrorMessage error={backups.error} onRetry={() => void backups.refetch()} />;
  } else if (backups.data?.database === "postgres") {
    content = (
      <p>
        This server keeps its data in PostgreSQL. Its backups are made by the server&apos;s operator
        with <code>npm run backup</code> (pg_dump) on one machine, and kept where they choose; the
        README&apos;s &quot;Backups and restore&quot; says how.
      </p>
    );
  } else if (backups.data) {
    content = <SqliteBackups list={backups.data} />;
  }

  return (
    <Container as="section" className="py-5">
      <h1 className="mb-3">Backups</h1>
      <p className="lead">
        A backup is one file holding the whole database: the stock and its ledger, the places, the
        accounts and the uploaded photos. The server&apos;s operator restores one with{" "}
        <code>npm run restore</code>.
      </p>
      {content}
    </Container>
  );
}
