import { useState } from "react";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { useAccount } from "../../lib/account";
import { useSession } from "../../lib/auth-client";
import { usePageTitle } from "../../lib/use-page-title";
import { useLowStockAlerts, useSetLowStockAlerts } from "./profile-api";

const ROLE_NAMES = { member: "Member", staff: "Staff", admin: "Admin" } as const;

/** Who is signed in, and (for staff) whether they get a mail when a bike runs low. */
export function ProfilePage() {
  usePageTitle("Profile");
  const user = useSession().data?.user;
  const { account, canChangeStock, isPending } = useAccount();
  return (
    <Container as="section" className="py-5 add-bike-form">
      <h1 className="mb-4">Your profile</h1>
      {isPending || !user ? (
        <Skeleton label="Loading your profile…">
          <SkeletonLines lines={4} />
        </Skeleton>
      ) : (
        <>
          <dl className="row">
            <dt className="col-sm-3">Name</dt>
            <dd className="col-sm-9">{user.name || "—"}</dd>
            <dt className="col-sm-3">Email</dt>
            <dd className="col-sm-9 text-break">{user.email}</dd>
            <dt className="col-sm-3">Role</dt>
            <dd className="col-sm-9">{account ? ROLE_NAMES[account.role] : "—"}</dd>
          </dl>
          <h2 className="h4 mt-4">Low-stock alerts</h2>
          {canChangeStock ? (
            <LowStockAlertSwitch />
          ) : (
            <p>Low-stock alerts are for warehouse staff.</p>
          )}
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
