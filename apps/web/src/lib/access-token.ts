import {
  accessTokenResponseSchema,
  ACCESS_TOKEN_STORAGE_KEY,
} from "@ultimate-bikes/contract/accounts";
import { useEffect } from "react";
import { ApiRequestError, apiRequest } from "./api-client";
import { useSession } from "./auth-client";

/*
 * The access token's whole life: fetched from `POST /api/login` after any sign-in, kept in local
 * storage under `accessToken` (docs/product.md, Data and Constants), renewed when the API turns
 * it down, and removed at logout.
 */

/** Bumped by every clear, so a token request still in flight at logout cannot store its answer. */
let generation = 0;

export const accessTokenStorage = {
  read: () => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
  write: (token: string) => localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token),
  clear: () => {
    generation += 1;
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  },
};

/**
 * Whether the stored token belongs to `email` and has not expired. Reads the payload only:
 * the server verifies the signature on every call.
 */
export function isAccessTokenFor(token: string | null, email: string): boolean {
  const payload = token?.split(".")[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as {
      email?: string;
      exp?: number;
    };
    const fresh = typeof claims.exp === "number" && claims.exp * 1000 > Date.now() + 60_000;
    return fresh && claims.email?.toLowerCase() === email.toLowerCase();
  } catch {
    return false;
  }
}

/** Trades the signed-in session for an access token and keeps it in local storage. */
export async function fetchAccessToken(email: string): Promise<string> {
  const requestedIn = generation;
  const { accessToken } = await apiRequest("/login", accessTokenResponseSchema, {
    method: "POST",
    body: { email },
  });
  if (requestedIn === generation) accessTokenStorage.write(accessToken);
  return accessToken;
}

/** The stored token for `email`, fetched afresh when missing, stale or someone else's. */
async function accessTokenFor(email: string): Promise<string> {
  const stored = accessTokenStorage.read();
  return stored && isAccessTokenFor(stored, email) ? stored : fetchAccessToken(email);
}

/** Runs a bearer-token request for `email`; a token the API turns down is renewed once. */
export async function withAccessToken<Result>(
  email: string,
  request: (token: string) => Promise<Result>,
): Promise<Result> {
  try {
    return await request(await accessTokenFor(email));
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
      return request(await fetchAccessToken(email));
    }
    throw error;
  }
}

/**
 * Keeps the stored token in step with the session, whatever way the user signed in (email,
 * Google or GitHub, popup or redirect): fetched when missing, stale or someone else's; removed
 * when nobody is signed in.
 */
export function useAccessTokenSync() {
  const { data, isPending } = useSession();
  const email = data?.user.email;
  useEffect(() => {
    if (isPending) return;
    if (!email) {
      accessTokenStorage.clear();
      return;
    }
    // A failure here is retried on the next session change; requests that need the token re-ask.
    accessTokenFor(email).catch(() => accessTokenStorage.clear());
  }, [email, isPending]);
}

/** Logout: ends the session, then forgets its token at once rather than when the session says so. */
export async function signOut() {
  const { authClient } = await import("./better-auth-client");
  await authClient.signOut();
  accessTokenStorage.clear();
}
