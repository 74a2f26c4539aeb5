import Alert from "react-bootstrap/Alert";
import Container from "react-bootstrap/Container";
import { Link, useSearchParams } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { LoadingSpinner } from "../../components/loading-spinner";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { useEmailVerification, type EmailVerificationOutcome } from "./auth-api";

const outcomes: Record<EmailVerificationOutcome, { variant: string; text: string }> = {
  verified: { variant: "success", text: "Your email is verified. Thank you!" },
  used: { variant: "info", text: "This link was already used: your email is verified." },
  expired: {
    variant: "warning",
    text: "This verification link has expired. Log in and we will send you a fresh one from your account.",
  },
  invalid: {
    variant: "danger",
    text: "This verification link is not valid. Check that you opened the whole link from the email.",
  },
};

export function VerifyEmailPage() {
  usePageTitle("Verify Email");
  const token = useSearchParams()[0].get("token") ?? "";
  const result = useEmailVerification(token);

  return (
    <Container as="section" className="py-5 auth-form text-center">
      <h1 className="mb-4">Verify your email</h1>
      {token === "" ? (
        <Alert variant="danger">{outcomes.invalid.text}</Alert>
      ) : result.isPending ? (
        <LoadingSpinner label="Verifying your email…" />
      ) : result.error ? (
        <ErrorMessage error={result.error} />
      ) : (
        <Alert variant={outcomes[result.data].variant} role="status">
          {outcomes[result.data].text}
        </Alert>
      )}
      <Link to={paths.home}>Go to the home page</Link>
    </Container>
  );
}
