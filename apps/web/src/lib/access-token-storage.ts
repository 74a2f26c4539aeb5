import { ACCESS_TOKEN_STORAGE_KEY } from "@ultimate-bikes/contract/accounts";

/** The access token lives in local storage under `accessToken` (spec §3, §9). */
export const accessTokenStorage = {
  read: () => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
  write: (token: string) => localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token),
  clear: () => localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY),
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
