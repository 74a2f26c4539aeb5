import type { FastifyReply, FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import { HttpError } from "../plugins/errors.ts";
import type { AccessTokens } from "./access-token.ts";
import type { Auth } from "./auth.ts";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** Who is calling, from the session cookie; every write goes through requireUser. */
export function createAuthentication(auth: Auth, tokens: AccessTokens) {
  async function currentUser(request: FastifyRequest): Promise<SignedInUser | undefined> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return undefined;
    return { id: session.user.id, email: session.user.email, name: session.user.name };
  }

  return {
    currentUser,

    async requireUser(request: FastifyRequest): Promise<SignedInUser> {
      const user = await currentUser(request);
      if (!user) throw new HttpError(401, "Please log in first.");
      return user;
    },

    /**
     * The spec's bearer check: 401 without an Authorization header, 403 when the token is bad,
     * expired, or was issued to someone other than `email`.
     */
    async requireBearerFor(request: FastifyRequest, email: string): Promise<void> {
      const header = request.headers.authorization;
      if (!header) throw new HttpError(401, "unauthorized access");
      const [scheme, token] = header.split(" ");
      const tokenEmail =
        scheme?.toLowerCase() === "bearer" && token ? await tokens.verify(token) : undefined;
      if (!tokenEmail || tokenEmail.toLowerCase() !== email.toLowerCase()) {
        throw new HttpError(403, "Forbidden access");
      }
    },
  };
}

export type Authentication = ReturnType<typeof createAuthentication>;

/** Hands a Fastify request to better-auth as a web Request and copies its answer back. */
export async function forwardToAuth(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  clientIpHeader: string,
) {
  const headers = fromNodeHeaders(request.headers);
  headers.set(clientIpHeader, request.ip);
  const hasBody =
    request.body !== undefined && request.method !== "GET" && request.method !== "HEAD";
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}
