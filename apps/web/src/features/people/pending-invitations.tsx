import type { Invitation } from "@ultimate-bikes/contract/people";
import Button from "react-bootstrap/Button";
import { toast } from "react-toastify";
import { formatDateTime } from "../../lib/format";
import { useRevokeInvitation } from "./people-api";
import { ROLE_LABELS } from "../../lib/account";

/** Invitations nobody has signed up with yet, each with a way to take it back. */
export function PendingInvitations({ invitations }: { invitations: Invitation[] }) {
  const revoke = useRevokeInvitation();

  function onRevoke(invitation: Invitation) {
    revoke.mutate(invitation.id, {
      onSuccess: () => toast.success(`The invitation to ${invitation.email} is revoked.`),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <section aria-labelledby="invitations-heading" className="mb-5">
      <h2 id="invitations-heading" className="h5">
        Pending invitations
      </h2>
      {invitations.length === 0 ? (
        <p className="text-body-secondary">No invitations are waiting.</p>
      ) : (
        <ul className="list-unstyled d-grid gap-2" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="card p-2 d-flex flex-row flex-wrap align-items-center gap-2"
            >
              <div className="flex-grow-1 text-break">
                <strong>{invitation.email}</strong> as {ROLE_LABELS[invitation.role]}
                <div className="small text-body-secondary">
                  Invited by {invitation.invitedBy ?? "a former colleague"}; the link works until{" "}
                  {formatDateTime(invitation.expiresAt)}.
                </div>
              </div>
              <Button
                variant="outline-danger"
                size="sm"
                onClick={() => onRevoke(invitation)}
                disabled={revoke.isPending && revoke.variables === invitation.id}
                aria-label={`Revoke the invitation to ${invitation.email}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
