import { createAuthClient } from "better-auth/react";

/** better-auth's browser client; its endpoints live under /api/auth on our own server. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: "/api/auth",
});

export const useSession = authClient.useSession;
