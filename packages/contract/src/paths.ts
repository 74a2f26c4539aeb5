/*
 * URL paths both sides must agree on: where the server mounts its APIs, and the web app's pages
 * that the server sends people to (mailed links, the end of a provider's sign-in).
 */

/** Every JSON endpoint lives under this prefix. */
export const API_BASE_PATH = "/api";

/** better-auth's own endpoints, on our server. */
export const AUTH_BASE_PATH = "/api/auth";

/** The page a mailed verification link opens, with `?token=`. */
export const VERIFY_EMAIL_PATH = "/verify-email";

/** The page a mailed password-reset link opens, with `?token=`. */
export const RESET_PASSWORD_PATH = "/reset-password";

/** Where a Google or GitHub sign-in ends inside the popup, on our own origin. */
export const OAUTH_POPUP_DONE_PATH = "/auth/popup-done";

/** The login page, linked from mail. */
export const LOGIN_PATH = "/login";
