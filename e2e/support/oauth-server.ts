import type { IncomingMessage } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";
import { OAUTH_CLIENTS } from "./oauth-clients.ts";

/**
 * A local OAuth 2.0 / OpenID Connect server standing in for Google and GitHub during the e2e run
 * (the app points at it through OAUTH_ISSUER_URL). It approves every authorization at once and
 * signs in a fixed person per client, so each provider yields its own account.
 */

const port = Number(process.env.OAUTH_PORT ?? 3101);

function clientIdOf(
  request: IncomingMessage & { body?: Record<string, string> },
): string | undefined {
  const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
  if (basic) return decodeURIComponent(Buffer.from(basic, "base64").toString().split(":")[0] ?? "");
  return request.body?.client_id;
}

function personFor(clientId: string | undefined) {
  return (
    Object.values(OAUTH_CLIENTS).find((client) => client.clientId === clientId) ??
    OAUTH_CLIENTS.google
  );
}

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");

server.service.on(
  "beforeTokenSigning",
  (token: { payload: Record<string, unknown> }, request: IncomingMessage) => {
    const person = personFor(clientIdOf(request));
    Object.assign(token.payload, {
      sub: person.email,
      email: person.email,
      email_verified: true,
      name: person.name,
    });
  },
);

server.service.on(
  "beforeUserinfo",
  (response: { body: Record<string, unknown> }, request: IncomingMessage) => {
    const accessToken = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    const claims = JSON.parse(
      Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString() || "{}",
    ) as {
      email?: string;
    };
    const person =
      Object.values(OAUTH_CLIENTS).find((client) => client.email === claims.email) ??
      OAUTH_CLIENTS.google;
    response.body = {
      sub: person.email,
      email: person.email,
      email_verified: true,
      name: person.name,
    };
  },
);

await server.start(port, "127.0.0.1");
console.log(`OAuth test server on ${server.issuer.url}`);
