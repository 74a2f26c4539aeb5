import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { LoadingSpinner } from "../../components/loading-spinner";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { authClient } from "../../lib/auth-client";
import { useReturnPath } from "./return-path";
import { describeSignInError, SocialSignInButtons, useSocialSignIn } from "./social-sign-in";

export function LoginPage() {
  usePageTitle("Login");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnPath = useReturnPath();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  // A provider sign-in that ended in a full-page redirect comes back with ?error=CODE.
  const redirectError = useSearchParams()[0].get("error");
  const [error, setError] = useState(
    redirectError ? describeSignInError(redirectError) : undefined,
  );

  async function finishSignIn() {
    const session = await authClient.getSession();
    const signedInEmail = session.data?.user.email;
    if (!signedInEmail) {
      setPending(false);
      setError("Sign-in did not complete. Please try again.");
      return;
    }
    await queryClient.invalidateQueries();
    navigate(returnPath, { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setPending(true);
    const result = await authClient.signIn.email({ email, password });
    if (result.error) {
      setPending(false);
      setError(result.error.message ?? "Sign-in failed.");
      return;
    }
    await finishSignIn();
  }

  const startSocialSignIn = useSocialSignIn({
    returnPath,
    onStart: () => {
      setError(undefined);
      setPending(true);
    },
    onSignedIn: () => {
      // The popup signed us in behind better-auth's back: have every useSession refetch.
      authClient.$store.notify("$sessionSignal");
      void finishSignIn();
    },
    onError: (message) => {
      setPending(false);
      setError(message);
    },
  });

  async function resetPassword() {
    if (!email.trim()) {
      toast.error("Please enter your email");
      return;
    }
    const result = await authClient.requestPasswordReset({ email: email.trim() });
    if (result.error) toast.error(result.error.message ?? "Could not send the reset email.");
    else toast.success("Password reset email sent");
  }

  return (
    <Container as="section" className="py-5 auth-form">
      <h1 className="text-center mb-4">Please Login</h1>
      {pending ? (
        <LoadingSpinner label="Signing you in…" />
      ) : (
        <>
          <Form onSubmit={onSubmit} noValidate={false}>
            <Form.Group className="mb-3" controlId="login-email">
              <Form.Label>Email address</Form.Label>
              <Form.Control
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId="login-password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Form.Group>
            {error && (
              <p className="text-danger" role="alert">
                {error}
              </p>
            )}
            <div className="d-grid mb-3">
              <Button type="submit" variant="danger">
                Login
              </Button>
            </div>
          </Form>
          <p className="text-center">
            <Link to={paths.register} state={location.state as unknown}>
              Don't have an account? Please register
            </Link>
          </p>
          <p className="text-center">
            <Button variant="link" onClick={() => void resetPassword()}>
              Reset your password
            </Button>
          </p>
          <div className="d-flex align-items-center my-3" aria-hidden="true">
            <hr className="flex-grow-1" />
            <span className="px-2 text-body-secondary">or</span>
            <hr className="flex-grow-1" />
          </div>
          <SocialSignInButtons onChoose={(provider) => void startSocialSignIn(provider)} />
        </>
      )}
    </Container>
  );
}
