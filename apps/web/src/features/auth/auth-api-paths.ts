/*
 * The API paths the auth screens read, apart from auth-api.ts and its schemas: the screens'
 * descriptors name them for the first-visit hints, and they are part of the shell
 * (docs/decisions/016 and 017).
 */

/** Which sign-in providers the server offers: the login form's buttons. */
export const SIGN_IN_PROVIDERS_PATH = "/account/providers";
