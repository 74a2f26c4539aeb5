import { AUTH_BASE_PATH } from "@ultimate-bikes/contract/paths";
import { createAuthClient } from "better-auth/react";

/**
 * better-auth's browser client; its endpoints live on our own server. Only the screens where
 * people sign in, up or out load it: who is signed in comes from the light auth-client.ts.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: AUTH_BASE_PATH,
});
