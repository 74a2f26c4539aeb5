/**
 * The session's account, under the API's base path (`GET /api/account`, null for a visitor).
 * The route guard asks for it before a signed-in screen shows, so every such screen names it
 * among its first reads; a module of its own so that those descriptors, part of the shell, name
 * it without the hooks that ask for it.
 */
export const ACCOUNT_PATH = "/account";
