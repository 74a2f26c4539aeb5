import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { signInFormSchema, type SignInForm } from "@ultimate-bikes/contract/account-forms";
import { useState } from "react";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { FormProblem } from "../../components/form-problem";
import { LoadingSpinner } from "../../components/loading-spinner";
import { SubmitButton } from "../../components/submit-button";
import { firstErrorMessage } from "../../lib/form-errors";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import {
  announceSignIn,
  requestPasswordReset,
  signedInEmail,
  signInWithEmail,
  warmAuthClient,
} from "./auth-api";
import { useReturnPath, useReturnScreen } from "./return-path";
import { describeSignInError, SocialSignInButtons, useSocialSignIn } from "./social-sign-in";

export function LoginPage() {
  usePageTitle("Login");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnPath = useReturnPath();
  const returnScreen = useReturnScreen();
  const location = useLocation();
  const form = useForm({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: "", password: "" },
  });
  const [pending, setPending] = useState(false);
  // A provider sign-in that ended in a full-page redirect comes back with ?error=CODE.
  const redirectError = useSearchParams()[0].get("error");
  const [error, setError] = useState(
    redirectError ? describeSignInError(redirectError) : undefined,
  );

  function fail(message: string) {
    setPending(false);
    setError(message);
  }

  async function finishSignIn() {
    if (!(await signedInEmail())) {
      fail("Sign-in did not complete. Please try again.");
      return;
    }
    await queryClient.invalidateQueries();
    navigate(returnPath, { replace: true });
  }

  async function signIn(credentials: SignInForm) {
    setError(undefined);
    setPending(true);
    try {
      await signInWithEmail(credentials);
    } catch (failure) {
      fail((failure as Error).message);
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
      // The popup signed us in behind better-auth's back.
      void announceSignIn();
      void finishSignIn();
    },
    onError: fail,
  });

  async function resetPassword() {
    const email = form.getValues("email").trim();
    if (!email) {
      toast.error("Please enter your email");
      return;
    }
    try {
      await requestPasswordReset(email);
      toast.success("Password reset email sent");
    } catch (failure) {
      toast.error((failure as Error).message);
    }
  }

  return (
    <Container as="section" className="py-5 auth-form">
      <h1 className={returnScreen ? "text-center mb-2" : "text-center mb-4"}>Please Login</h1>
      {/* Why a visitor is here: the route guard turned them away from a signed-in screen. */}
      {returnScreen && (
        <p className="text-center text-body-secondary mb-4">
          Sign in to continue to {returnScreen}
        </p>
      )}
      {pending ? (
        <LoadingSpinner label="Signing you in…" />
      ) : (
        <>
          {/* The browser checks the fields' HTML constraints first; the schema holds the same. */}
          <Form
            onSubmit={form.handleSubmit(signIn, (errors) => setError(firstErrorMessage(errors)))}
            onFocus={warmAuthClient}
          >
            <Form.Group className="mb-3" controlId="login-email">
              <Form.Label>Email address</Form.Label>
              <Form.Control
                type="email"
                autoComplete="email"
                required
                {...form.register("email")}
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId="login-password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                required
                {...form.register("password")}
              />
            </Form.Group>
            <FormProblem message={error} />
            <SubmitButton className="mb-3">Login</SubmitButton>
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
