import { canChangeStock, canManagePeople, type Role } from "@ultimate-bikes/contract/roles";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../plugins/errors.ts";
import type { AccessTokenClaims, AccessTokens } from "./access-token.ts";
import type { Auth } from "./auth.ts";
import { effectiveRole, pendingRole, type AccessSettings } from "./roles.ts";
import { findLiveSessionAccount } from "./sessions-repository.ts";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** What the caller may do now, under the server's ACCESS_POLICY (auth/roles.ts). */
  role: Role;
  /** The role a verified email would bring, when more than `role` (auth/roles.ts). */
  pendingRole: Role | null;
  /** The session the caller is signed in with (a bearer token names the one it was issued in). */
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the `requireUser` hooks on routes that need a signed-in caller. */
    user: SignedInUser | null;
    /** Set by the `requireBearer` hook: the email the access token was issued to. */
    tokenEmail: string | null;
  }
}

interface AuthenticationOptions {
  auth: Auth;
  tokens: AccessTokens;
  db: Kysely<Database>;
  publicUrl: string;
  /** CORS_ORIGINS: pages of these origins may write with a bearer token. */
  corsOrigins: readonly string[];
  access: AccessSettings;
}

/** The token of `Authorization: Bearer <token>`; undefined for any other scheme or shape. */
function bearerToken(header: string): string | undefined {
  const match = /^Bearer +([^\s]+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Whether a request comes from a page that is not ours. Browsers say so in Origin on every
 * cross-origin write; where Origin is missing (an old browser, an extension that strips it),
 * their fetch metadata (`Sec-Fetch-Site`) or the Referer still tells another site's page apart.
 * A request with none of them (a script, curl) is not a browser's and carries its own cookie.
 */
function isFromAnotherSite(headers: FastifyRequest["headers"], publicUrl: string): boolean {
  const { origin, referer } = headers;
  if (origin) return origin !== publicUrl;
  const site = headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  if (referer === undefined) return false;
  try {
    return new URL(referer).origin !== publicUrl;
  } catch {
    return true;
  }
}

/**
 * Who is calling: the session cookie (the web app), or an access token sent as
 * `Authorization: Bearer` (scripts and other apps). The hooks run on `onRequest`, before the body
 * is validated, so an anonymous write is a 401 whatever it sends.
 */
export function createAuthentication({
  auth,
  tokens,
  db,
  publicUrl,
  corsOrigins,
  access,
}: AuthenticationOptions) {
  const bearerOrigins = new Set([publicUrl, ...corsOrigins]);

  async function userFromCookie(request: FastifyRequest): Promise<SignedInUser | undefined> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return undefined;
    const { user } = session;
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      role: effectiveRole(user, access),
      pendingRole: pendingRole(user, access),
      sessionId: session.session.id,
    };
  }

  /**
   * A token is good only while the session it was issued in lives: logout, a password reset
   * (which ends every session) and the session's expiry all end it, whatever its own expiry says.
   */
  async function userFromClaims(claims: AccessTokenClaims): Promise<SignedInUser | undefined> {
    const account = await findLiveSessionAccount(db, claims);
    if (!account) return undefined;
    return {
      ...account,
      role: effectiveRole(account, access),
      pendingRole: pendingRole(account, access),
      sessionId: claims.sessionId,
    };
  }

  async function userFromToken(token: string | undefined): Promise<SignedInUser | undefined> {
    const claims = token === undefined ? undefined : await tokens.verify(token);
    return claims && userFromClaims(claims);
  }

  /**
   * The caller if there is one: a bad bearer token is still a 401, but no credentials (or a
   * session that has ended) leave `request.user` null.
   */
  async function identifyUser(request: FastifyRequest) {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const user = await userFromToken(bearerToken(authorization));
      if (!user) {
        throw new HttpError(401, "Your access token is not valid any more. Please log in again.");
      }
      request.user = user;
      return;
    }
    request.user = (await userFromCookie(request)) ?? null;
  }

  /** 401 without a session or a live token; 403 for a write from a page we do not trust. */
  async function requireUser(request: FastifyRequest) {
    const origin = request.headers.origin;
    const isWrite = request.method !== "GET" && request.method !== "HEAD";
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      // No cookie rides along with a bearer call, so a listed origin's page may write with it.
      if (isWrite && origin && !bearerOrigins.has(origin)) {
        throw new HttpError(403, "Requests from other sites are not accepted.");
      }
      const user = await userFromToken(bearerToken(authorization));
      if (!user) {
        throw new HttpError(401, "Your access token is not valid any more. Please log in again.");
      }
      request.user = user;
      return;
    }
    // A write sent by a page of another origin is refused whatever cookie it carries.
    if (isWrite && isFromAnotherSite(request.headers, publicUrl)) {
      throw new HttpError(403, "Requests from other sites are not accepted.");
    }
    const user = await userFromCookie(request);
    if (!user) throw new HttpError(401, "Please log in first.");
    request.user = user;
  }

  return {
    requireUser,
    identifyUser,

    /** Signed in as staff or an admin: warehouse stock changes (docs/decisions/014). */
    async requireStaff(request: FastifyRequest) {
      await requireUser(request);
      if (!canChangeStock(signedInUser(request).role)) {
        throw new HttpError(403, "Only warehouse staff can do this. Ask an admin for access.");
      }
    },

    /** Signed in as an admin: people management. */
    async requireAdmin(request: FastifyRequest) {
      await requireUser(request);
      if (!canManagePeople(signedInUser(request).role)) {
        throw new HttpError(403, "Only an admin can manage people.");
      }
    },

    /**
     * The original API's bearer check (docs/product.md, API): 401 without an Authorization
     * header, 403 for a bad, expired or revoked token.
     */
    async requireBearer(request: FastifyRequest) {
      const header = request.headers.authorization;
      if (!header) throw new HttpError(401, "unauthorized access");
      const user = await userFromToken(bearerToken(header));
      if (!user) throw new HttpError(403, "Forbidden access");
      request.user = user;
      request.tokenEmail = user.email;
    },
  };
}

export type Authentication = ReturnType<typeof createAuthentication>;

/**
 * Whether `email` is the caller's own. A plain comparison is enough: better-auth lowercases every
 * email it stores (so sessions and the access tokens issued from them carry lowercase), and the
 * contract's email schema lowercases every email a request carries.
 */
export function isOwnEmail(callerEmail: string, email: string): boolean {
  return callerEmail === email;
}

/** The caller `requireUser` found; only for routes that run that hook. */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new Error("route is missing the requireUser hook");
  return request.user;
}
