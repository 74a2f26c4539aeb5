import { zodResolver } from "@hookform/resolvers/zod";
import {
  invitationRequestSchema,
  INVITATION_VALID_DAYS,
  type InvitationRequest,
  type InvitationRequestInput,
  type InvitationResult,
} from "@ultimate-bikes/contract/people";
import { ROLES } from "@ultimate-bikes/contract/roles";
import { useState } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { useForm, type FieldPath } from "react-hook-form";
import { toast } from "react-toastify";
import { FormProblem } from "../../components/form-problem";
import { ApiRequestError } from "../../lib/api-client";
import { useInvite } from "./people-api";
import { ROLE_LABELS } from "../../lib/account";

const FIELD_LABELS: Record<FieldPath<InvitationRequestInput>, string> = {
  email: "Email",
  role: "Role",
};

function sentMessage(result: InvitationResult): string {
  if ("invitation" in result) {
    return `Invitation sent to ${result.invitation.email}.`;
  }
  const { person } = result;
  return `${person.name} already has an account: their role is now ${ROLE_LABELS[person.storedRole]}. We mailed them a notice.`;
}

/** Invite by email: a mailed sign-up link, or the role at once for someone who has an account. */
export function InviteForm() {
  const invite = useInvite();
  const [problem, setProblem] = useState<string>();
  const form = useForm<InvitationRequestInput, unknown, InvitationRequest>({
    resolver: zodResolver(invitationRequestSchema),
    defaultValues: { email: "", role: "staff" },
  });
  const emailError = form.formState.errors.email?.message;

  function send(invitation: InvitationRequest) {
    setProblem(undefined);
    invite.mutate(invitation, {
      onSuccess: (result) => {
        toast.success(sentMessage(result));
        form.reset({ email: "", role: invitation.role });
      },
      onError: (error) => {
        // Field errors from the server land on their field; anything else shows under the form.
        const fields = error instanceof ApiRequestError ? error.fields : [];
        for (const field of fields) {
          const name = field.field.replace(/^body\./, "") as FieldPath<InvitationRequestInput>;
          form.setError(name, { message: field.message });
        }
        if (fields.length === 0) setProblem(error.message);
      },
    });
  }

  return (
    <Form
      onSubmit={form.handleSubmit(send)}
      noValidate
      aria-labelledby="invite-heading"
      className="card p-3 mb-5"
    >
      <h2 id="invite-heading" className="h5">
        Invite someone
      </h2>
      <p className="small text-body-secondary">
        We mail them a link to register, good for {INVITATION_VALID_DAYS} days. Someone who already
        has an account gets the role at once.
      </p>
      <div className="row g-3 align-items-start">
        <Form.Group className="col-md-6" controlId="invite-email">
          <Form.Label>{FIELD_LABELS.email}</Form.Label>
          <Form.Control
            type="email"
            autoComplete="off"
            required
            isInvalid={Boolean(emailError)}
            aria-invalid={Boolean(emailError)}
            aria-describedby={emailError ? "invite-email-error" : undefined}
            {...form.register("email")}
          />
          <Form.Control.Feedback type="invalid" id="invite-email-error">
            {FIELD_LABELS.email} {emailError}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-sm-6 col-md-3" controlId="invite-role">
          <Form.Label>{FIELD_LABELS.role}</Form.Label>
          <Form.Select {...form.register("role")}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="col-sm-6 col-md-3 d-grid align-self-end">
          <Button type="submit" variant="danger" disabled={invite.isPending}>
            {invite.isPending ? "Sending…" : "Send invitation"}
          </Button>
        </div>
      </div>
      <FormProblem message={problem} />
    </Form>
  );
}
