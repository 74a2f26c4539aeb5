import {
  accessTokenRequestSchema,
  accessTokenResponseSchema,
  linkStatusQuerySchema,
  linkStatusSchema,
  signInProvidersSchema,
} from "@ultimate-bikes/contract/accounts";
import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import { accountSchema } from "@ultimate-bikes/contract/roles";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "../config.ts";
import { HttpError } from "../plugins/errors.ts";
import type { AccessTokens } from "./access-token.ts";
import { CLIENT_IP_HEADER, type Auth } from "./auth.ts";
import { authBridgeRoutes } from "./auth-bridge.ts";
import { isOwnEmail, signedInUser, type Authentication } from "./authentication.ts";
import { createLinkStatus } from "./link-status.ts";

interface AuthRoutesOptions {
  auth: Auth;
  authentication: Authentication;
  tokens: AccessTokens;
  config: AppConfig;
}

export async function authRoutes(
  app: FastifyInstance,
  { auth, authentication, tokens, config }: AuthRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const linkStatus = createLinkStatus(auth, config.authSecret);

  // better-auth owns everything under /api/auth (documented by better-auth itself).
  await app.register(authBridgeRoutes, {
    auth,
    publicUrl: config.publicUrl,
    clientIpHeader: CLIENT_IP_HEADER,
  });

  routes.post(
    "/login",
    {
      onRequest: authentication.requireUser,
      schema: {
        tags: ["accounts"],
        summary: "Issue the access token for the signed-in user's own email",
        body: accessTokenRequestSchema,
        response: { 200: accessTokenResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      if (!isOwnEmail(user.email, request.body.email)) {
        throw new HttpError(403, "You can only get a token for your own email.");
      }
      return {
        accessToken: await tokens.issue({
          userId: user.id,
          sessionId: user.sessionId,
          email: user.email,
        }),
      };
    },
  );

  routes.get(
    "/account",
    {
      // Null for a visitor rather than a 401: a page asks as the session ends (logout), and a
      // refusal there would only be noise in the browser's console.
      onRequest: authentication.identifyUser,
      schema: {
        tags: ["accounts"],
        summary: "The signed-in caller with the role that says what they may do, or null",
        response: { 200: accountSchema.nullable(), 401: apiErrorSchema },
      },
    },
    async (request) => {
      if (!request.user) return null;
      const { id, name, email, emailVerified, role } = request.user;
      return { id, name, email, emailVerified, role, accessPolicy: config.access.policy };
    },
  );

  routes.get(
    "/account/providers",
    {
      schema: {
        tags: ["accounts"],
        summary: "Which social sign-in providers are configured",
        response: { 200: signInProvidersSchema },
      },
    },
    async () => ({ google: Boolean(config.oauth.google), github: Boolean(config.oauth.github) }),
  );

  routes.get(
    "/account/email-verification-status",
    {
      schema: {
        tags: ["accounts"],
        summary: "Whether an email verification link is still good, without using it",
        querystring: linkStatusQuerySchema,
        response: { 200: linkStatusSchema },
      },
    },
    async (request) => ({ status: await linkStatus.emailVerification(request.query.token) }),
  );

  routes.get(
    "/account/password-reset-status",
    {
      schema: {
        tags: ["accounts"],
        summary: "Whether a password reset link is still good, without using it",
        querystring: linkStatusQuerySchema,
        response: { 200: linkStatusSchema },
      },
    },
    async (request) => ({ status: await linkStatus.passwordReset(request.query.token) }),
  );
}
