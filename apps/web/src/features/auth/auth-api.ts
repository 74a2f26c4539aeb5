import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  linkStatusSchema,
  signInProvidersSchema,
  type LinkStatus,
  type SignInProviders,
} from "@ultimate-bikes/contract/accounts";
import type { RegistrationForm, SignInForm } from "@ultimate-bikes/contract/account-forms";
import { apiRequest, SERVER_PROBLEM } from "../../lib/api-client";
import { refreshAccount } from "../../lib/account";
import { SIGN_IN_PROVIDERS_PATH } from "./auth-api-paths";

/**
 * better-auth's browser client, loaded by the first call that needs it rather than with the
 * page: on Login it was an eighth of the code the page waited for before it showed
 * (docs/performance.md, Front end). A form warms it when first focused (warmAuthClient).
 */
const loadAuthClient = async () => (await import("../../lib/better-auth-client")).authClient;

/** Starts loading better-auth's client, so a submit does not wait for it. */
export const warmAuthClient = () => void loadAuthClient().catch(() => undefined);

/*
 * Everything the auth screens ask of the server: our account endpoints, and better-auth's calls.
 * better-auth answers a failure as `{ error }`; here it becomes a thrown Error with its message.
 */

interface AuthFailure {
  message?: string;
  status?: number;
  statusText?: string;
}

function throwIfFailed(result: { error: AuthFailure | null }, fallback: string) {
  if (!result.error) return;
  const { message, status = 0, statusText } = result.error;
  // A server failure named only by its status ("Internal Server Error") tells nobody what to do.
  if (status >= 500 && (!message || message === statusText)) throw new Error(SERVER_PROBLEM);
  throw new Error(message ?? fallback);
}

/** Asks the server what an emailed link's token would do, without using it. */
async function emailLinkStatus(
  kind: "email-verification" | "password-reset",
  token: string,
): Promise<LinkStatus> {
  const { status } = await apiRequest(
    `/account/${kind}-status?token=${encodeURIComponent(token)}`,
    linkStatusSchema,
  );
  return status;
}

export type EmailVerificationOutcome = "verified" | Exclude<LinkStatus, "valid">;

/** Verifies the email unless the link is used, expired or invalid, which is the outcome then. */
async function verifyEmail(token: string): Promise<EmailVerificationOutcome> {
  const status = await emailLinkStatus("email-verification", token);
  if (status !== "valid") return status;
  throwIfFailed(
    await (await loadAuthClient()).verifyEmail({ query: { token } }),
    "The email could not be verified.",
  );
  return "verified";
}

const authQueries = {
  signInProviders: () =>
    queryOptions({
      queryKey: ["sign-in-providers"],
      queryFn: () => apiRequest(SIGN_IN_PROVIDERS_PATH, signInProvidersSchema),
      staleTime: Infinity,
    }),
  passwordResetStatus: (token: string) =>
    queryOptions({
      queryKey: ["password-reset-status", token],
      queryFn: () => emailLinkStatus("password-reset", token),
      enabled: token !== "",
      retry: false,
    }),
  emailVerification: (token: string) =>
    queryOptions({
      queryKey: ["verify-email", token],
      queryFn: () => verifyEmail(token),
      enabled: token !== "",
      retry: false,
      staleTime: Infinity,
    }),
};

/** Which providers this server has credentials for. */
export const useSignInProviders = () => useQuery(authQueries.signInProviders());

/** Whether a mailed reset link can still be used. */
export const usePasswordResetStatus = (token: string) =>
  useQuery(authQueries.passwordResetStatus(token));

/**
 * Opening a mailed verification link verifies the email, once. A verified email can bring staff
 * or admin rights (docs/decisions/014), so the account is asked again.
 */
export function useEmailVerification(token: string) {
  const queryClient = useQueryClient();
  const verification = useQuery(authQueries.emailVerification(token));
  const verified = verification.data === "verified";
  useEffect(() => {
    if (verified) void refreshAccount(queryClient);
  }, [verified, queryClient]);
  return verification;
}

export const useResetPassword = (token: string) =>
  useMutation({
    mutationFn: async (newPassword: string) =>
      throwIfFailed(
        await (await loadAuthClient()).resetPassword({ newPassword, token }),
        "The password could not be changed.",
      ),
  });

export async function signInWithEmail(credentials: SignInForm) {
  throwIfFailed(await (await loadAuthClient()).signIn.email(credentials), "Sign-in failed.");
}

/**
 * Creates the account, then signs in with it: sign-up answers a new and an already registered
 * email alike and signs nobody in (docs/decisions/012). better-auth mails the verification link
 * (or, to an email that already has an account, a notice). Answers whether the user is now
 * signed in: not when the email already had an account with another password.
 */
export async function registerAccount(registration: RegistrationForm): Promise<boolean> {
  throwIfFailed(await (await loadAuthClient()).signUp.email(registration), "Registration failed.");
  const { email, password } = registration;
  const signIn = await (await loadAuthClient()).signIn.email({ email, password });
  if (signIn.error?.status === 401) return false;
  throwIfFailed(signIn, "Registration failed.");
  return true;
}

export async function requestPasswordReset(email: string) {
  throwIfFailed(
    await (await loadAuthClient()).requestPasswordReset({ email }),
    "Could not send the reset email.",
  );
}

/** The email of whoever the session cookie signs in, if anyone. */
export async function signedInEmail(): Promise<string | undefined> {
  return (await (await loadAuthClient()).getSession()).data?.user.email;
}

/** A sign-in that happened in another window: have every useSession refetch. */
export const announceSignIn = async () => (await loadAuthClient()).$store.notify("$sessionSignal");

/**
 * Starts a provider's sign-in and returns the provider's page to open. Its flow comes back to
 * `callbackURL` when it succeeds and to `errorCallbackURL` when it fails.
 */
export async function socialSignInUrl(
  provider: keyof SignInProviders,
  ends: { callbackURL: string; errorCallbackURL: string },
): Promise<string> {
  const { data, error } = await (
    await loadAuthClient()
  ).signIn.social({
    provider,
    ...ends,
    disableRedirect: true,
  });
  if (error || !data?.url) throw new Error(error?.message ?? "Could not start the sign-in.");
  return data.url;
}
