import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { LoadingSpinner } from "../../components/loading-spinner";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { authClient } from "../../lib/auth-client";
import { useReturnPath } from "./return-path";

export function RegisterPage() {
  usePageTitle("Register");
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const returnPath = useReturnPath();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setError(undefined);
    setPending(true);
    const result = await authClient.signUp.email({ name, email, password });
    if (result.error) {
      setPending(false);
      setError(result.error.message ?? "Registration failed.");
      return;
    }
    await queryClient.invalidateQueries();
    toast.success(`We sent a verification link to ${email}`);
    navigate(returnPath, { replace: true });
  }

  return (
    <Container as="section" className="py-5 auth-form">
      <h1 className="text-center mb-4">Please Register</h1>
      {pending ? (
        <LoadingSpinner label="Creating your account…" />
      ) : (
        <Form onSubmit={onSubmit}>
          <Form.Group className="mb-3" controlId="register-name">
            <Form.Label>Your name</Form.Label>
            <Form.Control name="name" autoComplete="name" required maxLength={100} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="register-email">
            <Form.Label>Email address</Form.Label>
            <Form.Control type="email" name="email" autoComplete="email" required />
          </Form.Group>
          <Form.Group className="mb-3" controlId="register-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              name="password"
              autoComplete="new-password"
              required
              minLength={8}
              aria-describedby="register-password-help"
            />
            <Form.Text id="register-password-help">At least 8 characters.</Form.Text>
          </Form.Group>
          {error && <p role="alert">{error}</p>}
          <div className="d-grid mb-3">
            <Button type="submit" variant="danger">
              Register
            </Button>
          </div>
          <p className="text-center">
            <Link to={paths.login} state={location.state as unknown}>
              Already have an account? Please login
            </Link>
          </p>
        </Form>
      )}
    </Container>
  );
}
