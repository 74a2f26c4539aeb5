import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import { Link, useSearchParams } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { LoadingSpinner } from "../../components/loading-spinner";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { authClient } from "../../lib/auth-client";
import { emailLinkStatus } from "./email-link-api";

const unusable = {
  used: "This reset link was already used. If you still need a new password, ask for another link from the login page.",
  expired: "This reset link has expired. Ask for a new one from the login page.",
  invalid: "This reset link is not valid. Check that you opened the whole link from the email.",
};

export function ResetPasswordPage() {
  usePageTitle("Reset Password");
  const token = useSearchParams()[0].get("token") ?? "";
  const [mismatch, setMismatch] = useState(false);
  const status = useQuery({
    queryKey: ["password-reset-status", token],
    queryFn: () => emailLinkStatus("password-reset", token),
    enabled: token !== "",
    retry: false,
  });
  const reset = useMutation({
    mutationFn: async (newPassword: string) => {
      const { error } = await authClient.resetPassword({ newPassword, token });
      if (error) throw new Error(error.message ?? "The password could not be changed.");
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const same = password === String(form.get("confirm") ?? "");
    setMismatch(!same);
    if (same) reset.mutate(password);
  }

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
  } else {
    body = (
      <Form onSubmit={onSubmit}>
        <Form.Group className="mb-3" controlId="new-password">
          <Form.Label>New password</Form.Label>
          <Form.Control
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={8}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="confirm-password">
          <Form.Label>Repeat the new password</Form.Label>
          <Form.Control
            type="password"
            name="confirm"
            autoComplete="new-password"
            required
            minLength={8}
          />
        </Form.Group>
        {mismatch && (
          <p className="text-danger" role="alert">
            The two passwords are not the same.
          </p>
        )}
        {reset.error && (
          <p className="text-danger" role="alert">
            {reset.error.message}
          </p>
        )}
        <div className="d-grid">
          <Button type="submit" variant="danger" disabled={reset.isPending}>
            {reset.isPending ? "Saving…" : "Set new password"}
          </Button>
        </div>
      </Form>
    );
  }

  return (
    <Container as="section" className="py-5 auth-form">
      <h1 className="text-center mb-4">Choose a new password</h1>
      {body}
    </Container>
  );
}
