import { accessTokenResponseSchema } from "@ultimate-bikes/contract/accounts";
import { useEffect } from "react";
import { accessTokenStorage, isAccessTokenFor } from "../../lib/access-token-storage";
import { apiRequest } from "../../lib/api-client";
import { useSession } from "./auth-client";

/** Trades the signed-in session for the spec's access token and keeps it in local storage. */
export async function fetchAccessToken(email: string): Promise<string> {
  const { accessToken } = await apiRequest("/login", accessTokenResponseSchema, {
    method: "POST",
    body: { email },
  });
  accessTokenStorage.write(accessToken);
  return accessToken;
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
    if (!isAccessTokenFor(accessTokenStorage.read(), email)) {
      // A failure here is retried on the next session change; the pages that need it re-ask.
      fetchAccessToken(email).catch(() => accessTokenStorage.clear());
    }
  }, [email, isPending]);
}
