import {
  accessTokenResponseSchema,
  ACCESS_TOKEN_STORAGE_KEY,
} from "@ultimate-bikes/contract/accounts";
import { apiRequest } from "./api-client";

/** Bumped by every clear, so a token request still in flight at logout cannot store its answer. */
let generation = 0;

/** The access token lives in local storage under `accessToken` (spec §3, §9). */
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

/** Trades the signed-in session for the spec's access token and keeps it in local storage. */
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
export async function accessTokenFor(email: string): Promise<string> {
  const stored = accessTokenStorage.read();
  return stored && isAccessTokenFor(stored, email) ? stored : fetchAccessToken(email);
}
