import { useEffect } from "react";
import { accessTokenFor, accessTokenStorage } from "../../lib/access-token";
import { useSession } from "../../lib/auth-client";

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
    // A failure here is retried on the next session change; pages that need the token re-ask.
    accessTokenFor(email).catch(() => accessTokenStorage.clear());
  }, [email, isPending]);
}
