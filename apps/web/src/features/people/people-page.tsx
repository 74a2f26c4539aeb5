import Container from "react-bootstrap/Container";
import { ErrorMessage } from "../../components/error-message";
import { PendingRoleNotice } from "../../components/pending-role-notice";
import { Skeleton, SkeletonLines, SkeletonTable } from "../../components/skeleton";
import { useAccount } from "../../lib/account";
import { usePageTitle } from "../../lib/use-page-title";
import { InviteForm } from "./invite-form";
import { usePeople } from "./people-api";
import { PeopleList } from "./people-list";
import { PendingInvitations } from "./pending-invitations";
import { POLICY_SENTENCES } from "./role-labels";

const ONLY_ADMINS =
  "Only admins manage people. Ask an admin if someone needs an invitation or a new role.";

/**
 * Admins invite, promote, demote and remove people; everyone else is told only admins do, and
 * someone whose role waits for a verified email how to start it.
 */
export function PeoplePage() {
  usePageTitle("People");
  const { account, isPending, canManagePeople, pendingRole } = useAccount();
  // Nothing is asked of the server for someone who may not see it.
  const people = usePeople(canManagePeople);

  let content;
  if (isPending) {
    content = (
      <Skeleton label="Loading your account…">
        <SkeletonLines lines={2} />
      </Skeleton>
    );
  } else if (account && !canManagePeople && pendingRole) {
    content = (
      <>
        <PendingRoleNotice role={pendingRole} email={account.email} />
        {pendingRole !== "admin" && <p>{ONLY_ADMINS}</p>}
      </>
    );
  } else if (!account || !canManagePeople) {
    content = <p>{ONLY_ADMINS}</p>;
  } else {
    content = (
      <>
        <p className="lead">{POLICY_SENTENCES[account.accessPolicy]}</p>
        <InviteForm />
        {people.isPending ? (
          <Skeleton label="Loading people…">
            <SkeletonTable rows={3} columns={4} />
          </Skeleton>
        ) : people.isError ? (
          <ErrorMessage error={people.error} onRetry={() => void people.refetch()} />
        ) : (
          <>
            <PendingInvitations invitations={people.data.invitations} />
            <section aria-labelledby="people-heading">
              <h2 id="people-heading" className="h5">
                Everyone with an account
              </h2>
              <PeopleList
                people={people.data.people}
                signedInId={account.id}
                accessPolicy={account.accessPolicy}
              />
            </section>
          </>
        )}
      </>
    );
  }

  return (
    <Container as="section" className="py-5">
      <h1 className="mb-3">People</h1>
      {content}
    </Container>
  );
}
