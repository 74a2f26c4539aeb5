import { AUTH_BASE_PATH } from "@ultimate-bikes/contract/paths";
import { createAuthClient } from "better-auth/react";

/** better-auth's browser client; its endpoints live on our own server. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: AUTH_BASE_PATH,
});

export const useSession = authClient.useSession;
