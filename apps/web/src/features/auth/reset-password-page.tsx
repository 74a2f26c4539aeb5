import { zodResolver } from "@hookform/resolvers/zod";
import { newPasswordFormSchema, PASSWORD_MIN_LENGTH } from "@ultimate-bikes/contract/account-forms";
import { preparePasswordStrength } from "@ultimate-bikes/contract/password-strength";
import { useEffect } from "react";
import Alert from "react-bootstrap/Alert";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { FormProblem } from "../../components/form-problem";
import { LoadingSpinner } from "../../components/loading-spinner";
import { SubmitButton } from "../../components/submit-button";
import { firstErrorMessage } from "../../lib/form-errors";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { usePasswordResetStatus, useResetPassword } from "./auth-api";

const unusable = {
  used: "This reset link was already used. If you still need a new password, ask for another link from the login page.",
  expired: "This reset link has expired. Ask for a new one from the login page.",
  invalid: "This reset link is not valid. Check that you opened the whole link from the email.",
};

const passwordFields = [
  { name: "password", id: "new-password", label: "New password" },
  { name: "confirm", id: "confirm-password", label: "Repeat the new password" },
] as const;

function NewPasswordForm({ reset }: { reset: ReturnType<typeof useResetPassword> }) {
  // The password check's dictionaries load while the form is filled in, not on submit.
  useEffect(() => void preparePasswordStrength(), []);
  const form = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: "", confirm: "" },
    // The problem shows until the next submit, as the page always did.
    reValidateMode: "onSubmit",
  });

  return (
    // The browser checks the fields' HTML constraints first; the schema holds the same.
    <Form onSubmit={form.handleSubmit(({ password }) => reset.mutate(password))}>
      {passwordFields.map((field) => (
        <Form.Group className="mb-3" controlId={field.id} key={field.id}>
          <Form.Label>{field.label}</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            {...form.register(field.name)}
          />
        </Form.Group>
      ))}
      <FormProblem message={firstErrorMessage(form.formState.errors)} />
      <FormProblem message={reset.error?.message} />
      <SubmitButton pending={reset.isPending} pendingLabel="Saving…">
        Set new password
      </SubmitButton>
    </Form>
  );
}

export function ResetPasswordPage() {
  usePageTitle("Reset Password");
  const token = useSearchParams()[0].get("token") ?? "";
  const status = usePasswordResetStatus(token);
  const reset = useResetPassword(token);

  let body;
  if (token === "") body = <Alert variant="danger">{unusable.invalid}</Alert>;
  else if (status.isPending) body = <LoadingSpinner label="Checking your link…" />;
  else if (status.error) body = <ErrorMessage error={status.error} />;
  else if (reset.isSuccess) {
    body = (
      <Alert variant="success" role="status">
        Your password has been changed. Please <Link to={paths.login}>log in</Link> with your new
        password.
      </Alert>
    );
  } else if (status.data !== "valid") {
    body = <Alert variant="warning">{unusable[status.data]}</Alert>;
  } else body = <NewPasswordForm reset={reset} />;

  return (
    <Container as="section" className="py-5 auth-form">
      <h1 className="text-center mb-4">Choose a new password</h1>
      {body}
    </Container>
  );
}
