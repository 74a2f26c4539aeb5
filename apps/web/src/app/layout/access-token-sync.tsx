import { useAccessTokenSync } from "../../lib/access-token";

/**
 * Keeps the stored access token in step with the session (lib/access-token.ts). Loaded after the
 * first paint, with the API client and schemas the token request needs.
 */
export function AccessTokenSync() {
  useAccessTokenSync();
  return null;
}
