import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import {
  ACCOUNT_NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  registrationFormSchema,
  type RegistrationForm,
} from "@ultimate-bikes/contract/account-forms";
import { preparePasswordStrength } from "@ultimate-bikes/contract/password-strength";
import { INVITED_EMAIL_PARAMETER } from "@ultimate-bikes/contract/people";
import { useEffect, useState } from "react";
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
import { registerAccount, warmAuthClient } from "./auth-api";
import { useReturnPath } from "./return-path";

export function RegisterPage() {
  usePageTitle("Register");
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const returnPath = useReturnPath();
  // A mailed invitation's link names the invited email (People page): it is filled in.
  const [searchParams] = useSearchParams();
  const form = useForm({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: {
      name: "",
      email: searchParams.get(INVITED_EMAIL_PARAMETER) ?? "",
      password: "",
    },
  });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  // The password check's dictionaries load while the form is filled in, not on submit.
  useEffect(() => void preparePasswordStrength(), []);

  async function createAccount(registration: RegistrationForm) {
    setError(undefined);
    setPending(true);
    let signedIn: boolean;
    try {
      signedIn = await registerAccount(registration);
    } catch (failure) {
      setPending(false);
      setError((failure as Error).message);
      return;
    }
    if (!signedIn) {
      // The email already had an account, with another password; its owner was mailed about it.
      toast.info(`We sent a message to ${registration.email}. Please log in.`);
      navigate(paths.login, { replace: true, state: location.state as unknown });
      return;
    }
    await queryClient.invalidateQueries();
    toast.success(`We sent a verification link to ${registration.email}`);
    navigate(returnPath, { replace: true });
  }

  return (
    <Container as="section" className="py-5 auth-form">
      <h1 className="text-center mb-4">Please Register</h1>
      {pending ? (
        <LoadingSpinner label="Creating your account…" />
      ) : (
        // The browser checks the fields' HTML constraints first; the schema holds the same.
        <Form
          onSubmit={form.handleSubmit(createAccount, (errors) =>
            setError(firstErrorMessage(errors)),
          )}
          onFocus={warmAuthClient}
        >
          <Form.Group className="mb-3" controlId="register-name">
            <Form.Label>Your name</Form.Label>
            <Form.Control
              autoComplete="name"
              required
              maxLength={ACCOUNT_NAME_MAX_LENGTH}
              {...form.register("name")}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="register-email">
            <Form.Label>Email address</Form.Label>
            <Form.Control type="email" autoComplete="email" required {...form.register("email")} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="register-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              aria-describedby="register-password-help"
              {...form.register("password")}
            />
            <Form.Text id="register-password-help">
              At least {PASSWORD_MIN_LENGTH} characters.
            </Form.Text>
          </Form.Group>
          <FormProblem message={error} tone="plain" />
          <SubmitButton className="mb-3">Register</SubmitButton>
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
