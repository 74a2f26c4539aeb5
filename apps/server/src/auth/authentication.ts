import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import { HttpError } from "../plugins/errors.ts";
import type { AccessTokens } from "./access-token.ts";
import type { Auth } from "./auth.ts";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the `requireUser` hook on routes that need a signed-in caller. */
    user: SignedInUser | null;
    /** Set by the `requireBearer` hook: the email the access token was issued to. */
    tokenEmail: string | null;
  }
}

/**
 * Who is calling. The hooks run on `onRequest`, before the body is validated, so an anonymous
 * write is a 401 whatever it sends.
 */
export function createAuthentication(auth: Auth, tokens: AccessTokens, publicUrl: string) {
  async function currentUser(request: FastifyRequest): Promise<SignedInUser | undefined> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return undefined;
    return { id: session.user.id, email: session.user.email, name: session.user.name };
  }

  return {
    /**
     * Session cookie required: 401 without one. A write sent by a page of another origin (a
     * browser always says so in Origin) is refused whatever cookie it carries.
     */
    async requireUser(request: FastifyRequest) {
      const origin = request.headers.origin;
      if (request.method !== "GET" && origin && origin !== publicUrl) {
        throw new HttpError(403, "Requests from other sites are not accepted.");
      }
      const user = await currentUser(request);
      if (!user) throw new HttpError(401, "Please log in first.");
      request.user = user;
    },

    /**
     * The original API's bearer check (docs/product.md, API): 401 without an Authorization
     * header, 403 for a bad or expired token.
     */
    async requireBearer(request: FastifyRequest) {
      const header = request.headers.authorization;
      if (!header) throw new HttpError(401, "unauthorized access");
      const [scheme, token] = header.split(" ");
      const email =
        scheme?.toLowerCase() === "bearer" && token ? await tokens.verify(token) : undefined;
      if (!email) throw new HttpError(403, "Forbidden access");
      request.tokenEmail = email;
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
