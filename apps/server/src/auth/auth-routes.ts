import {
  accessTokenRequestSchema,
  accessTokenResponseSchema,
  linkStatusQuerySchema,
  linkStatusSchema,
  signInProvidersSchema,
  VERIFICATION_EMAIL_INTERVAL_SECONDS,
  verificationEmailRequestSchema,
  verificationEmailSentSchema,
} from "@ultimate-bikes/contract/accounts";
import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import { accountSchema } from "@ultimate-bikes/contract/roles";
import { fromNodeHeaders } from "better-auth/node";
import type { PlacesRepository } from "../places/places-repository.ts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "../config.ts";
import { errorResponses, HttpError, sendError } from "../plugins/errors.ts";
import type { AccessTokens } from "./access-token.ts";
import { CLIENT_IP_HEADER, type Auth } from "./auth.ts";
import { authBridgeRoutes } from "./auth-bridge.ts";
import { isOwnEmail, signedInUser, type Authentication } from "./authentication.ts";
import { createLinkStatus } from "./link-status.ts";
import { createVerificationEmailLimit } from "./verification-email-limit.ts";

interface AuthRoutesOptions {
  auth: Auth;
  authentication: Authentication;
  tokens: AccessTokens;
  config: AppConfig;
  /** For the caller's home place on `GET /account`. */
  places: Pick<PlacesRepository, "homePlaceOf">;
}

export async function authRoutes(
  app: FastifyInstance,
  { auth, authentication, tokens, config, places }: AuthRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const linkStatus = createLinkStatus(auth, config.authSecret);
  // better-auth's own database handle: the one the app opened (auth.ts).
  const verificationEmails = createVerificationEmailLimit(
    auth.options.database.db,
    VERIFICATION_EMAIL_INTERVAL_SECONDS,
  );

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
      const { id, name, email, emailVerified, role, pendingRole } = request.user;
      const accessPolicy = config.access.policy;
      const homePlaceId = await places.homePlaceOf(id);
      return { id, name, email, emailVerified, role, pendingRole, accessPolicy, homePlaceId };
    },
  );

  routes.post(
    "/account/verification-email",
    {
      onRequest: authentication.requireUser,
      schema: {
        tags: ["accounts"],
        summary: "Mail the caller a new link that verifies their own email",
        description:
          "Through better-auth's sendVerificationEmail. At most one a minute per account: past " +
          "it, 429 with Retry-After. 409 once the email is verified.",
        body: verificationEmailRequestSchema,
        response: { 200: verificationEmailSentSchema, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (user.emailVerified) {
        throw new HttpError(409, "Your email is already confirmed: there is no link to send.");
      }
      const waitSeconds = await verificationEmails.claim(user.id);
      if (waitSeconds !== undefined) {
        reply.header("retry-after", String(waitSeconds));
        const wait = waitSeconds === 1 ? "1 second" : `${waitSeconds} seconds`;
        return sendError(
          reply,
          429,
          `A link was sent less than a minute ago. Check your inbox (and spam), or ask again in ${wait}.`,
        );
      }
      await auth.api.sendVerificationEmail({
        body: { email: user.email },
        headers: fromNodeHeaders(request.headers),
      });
      return { sent: true as const, email: user.email };
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
