import { useMutation } from "@tanstack/react-query";
import { verificationEmailSentSchema } from "@ultimate-bikes/contract/accounts";
import type { Role } from "@ultimate-bikes/contract/roles";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import { ROLE_LABELS } from "../lib/account";
import { apiRequest } from "../lib/api-client";

/**
 * Mails the signed-in account a new link that verifies its email. The server sends one a minute
 * at most and answers a repeat with when to ask again, which becomes the error's message.
 */
const useResendVerificationEmail = () =>
  useMutation({
    mutationFn: () =>
      apiRequest("/account/verification-email", verificationEmailSentSchema, {
        method: "POST",
        body: {},
      }),
  });

/**
 * What someone whose role waits for a verified email reads where that role is missing (an
 * invitation as staff, or ADMIN_EMAILS): the role, what starts it, and a way to get the link again.
 * Without a role (`null`), Profile tells anyone whose email is not verified the same way.
 */
export function PendingRoleNotice({
  role,
  email,
}: {
  role: Role | null;
  /** Where the link went; left out where the page shows the email already (Profile). */
  email?: string;
}) {
  const resend = useResendVerificationEmail();
  const outcome = resend.isSuccess
    ? `A new link is on its way to ${resend.data.email}.`
    : resend.isError
      ? resend.error.message
      : "";
  return (
    <Alert variant="info" className="pending-role-notice">
      <p className="fw-semibold mb-2">
        {role
          ? `You are invited as ${ROLE_LABELS[role]}: confirm your email to start.`
          : "Your email is not confirmed yet."}
      </p>
      <p className="mb-3">
        Open the link we mailed{" "}
        {email ? (
          <>
            to <span className="text-break">{email}</span>
          </>
        ) : (
          "you"
        )}
        . Nothing arrived, or the link has expired? We can send it again.
      </p>
      <Button
        variant="primary"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        aria-describedby="pending-role-outcome"
      >
        {resend.isPending ? "Sending…" : "Send the link again"}
      </Button>
      {/* Always there, so what the button did is announced when it appears. */}
      <p id="pending-role-outcome" className={outcome ? "mt-3 mb-0" : "mb-0"} role="status">
        {outcome}
      </p>
    </Alert>
  );
}
