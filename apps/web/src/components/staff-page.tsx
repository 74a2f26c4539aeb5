import type { ReactNode } from "react";
import Container from "react-bootstrap/Container";
import { Link } from "react-router";
import { useAccount } from "../lib/account";
import { paths } from "../lib/paths";
import { usePageTitle } from "../lib/use-page-title";
import { PendingRoleNotice } from "./pending-role-notice";
import { Skeleton, SkeletonLines } from "./skeleton";

/**
 * A page of staff's tools: its heading beside the way back to Manage Inventory, then its content
 * for staff, or for anyone else the sentence saying why not (the server refuses them anyway); for
 * someone whose staff role waits for a verified email, how to start it.
 */
export function StaffPage({
  title,
  refusal,
  children,
}: {
  /** The heading, and the tab's title. */
  title: string;
  refusal: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  const { account, canChangeStock, isPending, pendingRole } = useAccount();
  return (
    <Container as="section" className="py-5">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mb-4 no-print">
        <h1 className="mb-0">{title}</h1>
        <Link to={paths.manageInventory} className="btn btn-outline-dark">
          Manage Inventory
        </Link>
      </div>
      {isPending ? (
        <Skeleton label="Checking your access…">
          <SkeletonLines lines={2} />
        </Skeleton>
      ) : canChangeStock ? (
        children
      ) : account && pendingRole ? (
        // A pending role is staff or admin: either changes stock.
        <PendingRoleNotice role={pendingRole} email={account.email} />
      ) : (
        <p>{refusal}</p>
      )}
    </Container>
  );
}
