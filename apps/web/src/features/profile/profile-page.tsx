import { useState } from "react";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { PendingRoleNotice } from "../../components/pending-role-notice";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { ROLE_LABELS, useAccount } from "../../lib/account";
import { useSession } from "../../lib/auth-client";
import { usePageTitle } from "../../lib/use-page-title";
import { HomePlaceForm } from "./home-place-form";
import { NameForm } from "./name-form";
import { OtherSessions } from "./other-sessions";
import { PasswordForm } from "./password-form";
import { useLowStockAlerts, useSetLowStockAlerts } from "./profile-api";

/**
 * Who is signed in: their email and role (and a role that waits for a verified email), their name,
 * home place and password to change, the other sessions to sign out, and (for staff) whether they get a mail
 * when a bike runs low.
 */
export function ProfilePage() {
  usePageTitle("Profile");
  const user = useSession().data?.user;
  const { account, canChangeStock, isPending, pendingRole } = useAccount();
  return (
    <Container as="section" className="py-5 add-bike-form">
      <h1 className="mb-4">Your profile</h1>
      {isPending || !user ? (
        <Skeleton label="Loading your profile…">
          <SkeletonLines lines={4} />
        </Skeleton>
      ) : (
        <>
          {(pendingRole || (account && !account.emailVerified)) && (
            <PendingRoleNotice role={pendingRole} />
          )}
          <dl className="row">
            <dt className="col-sm-3">Email</dt>
            <dd className="col-sm-9 text-break">{user.email}</dd>
            <dt className="col-sm-3">Role</dt>
            <dd className="col-sm-9">{account ? ROLE_LABELS[account.role] : "—"}</dd>
          </dl>
          <section aria-labelledby="profile-name-heading" className="mt-4">
            <h2 id="profile-name-heading" className="h4">
              Name
            </h2>
            <NameForm name={user.name} />
          </section>
          {account && (
            <section aria-labelledby="profile-home-place-heading" className="mt-5">
              <h2 id="profile-home-place-heading" className="h4">
                Home place
              </h2>
              <HomePlaceForm homePlaceId={account.homePlaceId} />
            </section>
          )}
          <section aria-labelledby="profile-password-heading" className="mt-5">
            <h2 id="profile-password-heading" className="h4">
              Password
            </h2>
            <PasswordForm email={user.email} name={user.name} />
          </section>
          <section aria-labelledby="profile-sessions-heading" className="mt-5">
            <h2 id="profile-sessions-heading" className="h4">
              Other sessions
            </h2>
            <OtherSessions />
          </section>
          <section aria-labelledby="profile-alerts-heading" className="mt-5">
            <h2 id="profile-alerts-heading" className="h4">
              Low-stock alerts
            </h2>
            {canChangeStock ? (
              <LowStockAlertSwitch />
            ) : (
              <p>Low-stock alerts are for warehouse staff.</p>
            )}
          </section>
        </>
      )}
    </Container>
  );
}

function LowStockAlertSwitch() {
  const alerts = useLowStockAlerts(true);
  const setAlerts = useSetLowStockAlerts();
  // What the person just asked for, shown at once: the request's own state reaches the page a
  // moment after the click, and until then the switch would spring back.
  const [asked, setAsked] = useState<boolean>();
  if (alerts.isPending) {
    return (
      <Skeleton label="Loading your alerts…">
        <SkeletonLines lines={1} />
      </Skeleton>
    );
  }
  if (alerts.error)
    return <ErrorMessage error={alerts.error} onRetry={() => void alerts.refetch()} />;
  return (
    <Form.Group controlId="low-stock-alerts">
      <Form.Check
        type="switch"
        // Announced as the on/off switch it looks like, not a checkbox.
        role="switch"
        label="Email me when a bike runs low"
        checked={asked ?? alerts.data.subscribed}
        disabled={setAlerts.isPending}
        aria-describedby="low-stock-alerts-hint"
        onChange={(event) => {
          const subscribed = event.currentTarget.checked;
          setAsked(subscribed);
          setAlerts.mutate(subscribed, {
            onSuccess: (saved) =>
              toast.success(saved.subscribed ? "Low-stock alerts on." : "Low-stock alerts off."),
            onError: (error) => toast.error(error.message),
            // The stored answer (or, on failure, the state before) shows from now on.
            onSettled: () => setAsked(undefined),
          });
        }}
      />
      <Form.Text id="low-stock-alerts-hint">
        One mail each time a bike falls to or below its reorder point.
      </Form.Text>
    </Form.Group>
  );
}
