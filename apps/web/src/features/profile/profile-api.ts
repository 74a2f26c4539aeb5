import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lowStockAlertsSchema } from "@ultimate-bikes/contract/alerts";
import { HOME_PLACE_PATH, homePlaceSchema } from "@ultimate-bikes/contract/places";
import { refreshAccount } from "../../lib/account";
import { accessTokenStorage } from "../../lib/access-token";
import { apiRequest, SERVER_PROBLEM } from "../../lib/api-client";

const ALERTS_PATH = "/account/low-stock-alerts";
const alertsKey = ["account", "low-stock-alerts"] as const;

/** Whether the signed-in member of staff gets low-stock mails; asked only for staff. */
export const useLowStockAlerts = (enabled: boolean) =>
  useQuery({
    queryKey: alertsKey,
    queryFn: () => apiRequest(ALERTS_PATH, lowStockAlertsSchema),
    enabled,
  });

export function useSetLowStockAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) =>
      apiRequest(ALERTS_PATH, lowStockAlertsSchema, { method: "PUT", body: { subscribed } }),
    onSuccess: (alerts) => queryClient.setQueryData(alertsKey, alerts),
  });
}

/** Sets the signed-in person's home place (null: none, the main warehouse is the default). */
export function useSetHomePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (placeId: string | null) =>
      apiRequest(HOME_PLACE_PATH, homePlaceSchema, { method: "PUT", body: { placeId } }),
    // The account says the home place; every screen whose default place it is asks again.
    onSuccess: () => refreshAccount(queryClient),
  });
}

/*
 * The name, the password and the other sessions change through better-auth's own calls (its
 * browser client, loaded by the first of them): update-user, change-password and
 * revoke-other-sessions. The server holds them to the same rules as Register (auth-bridge.ts).
 */

const loadAuthClient = async () => (await import("../../lib/better-auth-client")).authClient;

/** Starts loading better-auth's client, so a save does not wait for it. */
export const warmAuthClient = () => void loadAuthClient().catch(() => undefined);

interface AuthFailure {
  message?: string;
  status?: number;
  statusText?: string;
  code?: string;
  /** The API's field errors (auth-bridge.ts): a new password too easy to guess, say. */
  fields?: { field: string; message: string }[];
}

/** better-auth's codes whose own message tells a person too little. */
const PLAIN_MESSAGES: Record<string, string> = {
  INVALID_PASSWORD: "That is not your current password.",
  CREDENTIAL_ACCOUNT_NOT_FOUND:
    "You sign in with Google or GitHub, so this account has no password of its own to change.",
};

function throwIfFailed(result: { error: AuthFailure | null }, fallback: string) {
  if (!result.error) return;
  const { message, status = 0, statusText, code, fields } = result.error;
  const plain = (code && PLAIN_MESSAGES[code]) ?? fields?.[0]?.message;
  if (plain) throw new Error(plain);
  if (status >= 500 && (!message || message === statusText)) throw new Error(SERVER_PROBLEM);
  throw new Error(message ?? fallback);
}

export function useChangeName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      throwIfFailed(
        await (await loadAuthClient()).updateUser({ name }),
        "Your name could not be changed.",
      ),
    // Every screen that shows the name asks again.
    onSuccess: () => refreshAccount(queryClient),
  });
}

/**
 * Changes the password and signs out every other session: whoever knew the old one is out. This
 * browser gets a new session, so its access token (of the old one) is dropped to be fetched anew.
 */
export const useChangePassword = () =>
  useMutation({
    mutationFn: async (passwords: { currentPassword: string; newPassword: string }) => {
      throwIfFailed(
        await (await loadAuthClient()).changePassword({ ...passwords, revokeOtherSessions: true }),
        "Your password could not be changed.",
      );
      accessTokenStorage.clear();
    },
  });

/** Signs out every other browser and device; their access tokens die with their sessions. */
export const useSignOutOtherSessions = () =>
  useMutation({
    mutationFn: async () =>
      throwIfFailed(
        await (await loadAuthClient()).revokeOtherSessions(),
        "The other sessions could not be signed out.",
      ),
  });
