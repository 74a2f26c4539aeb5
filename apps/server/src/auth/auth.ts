import {
  ACCOUNT_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@ultimate-bikes/contract/account-forms";
import {
  AUTH_BASE_PATH,
  LOGIN_PATH,
  RESET_PASSWORD_PATH,
  VERIFY_EMAIL_PATH,
} from "@ultimate-bikes/contract/paths";
import { unsafeTextProblem } from "@ultimate-bikes/contract/safe-text";
import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { validateAuthorizationCode } from "better-auth/oauth2";
import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins";
import type { GoogleOptions } from "better-auth/social-providers";
import type { AppConfig, OAuthClient } from "../config.ts";
import type { AppDatabase } from "../db/database.ts";
import {
  existingAccountMessage,
  passwordResetMessage,
  verificationMessage,
} from "../mail/auth-messages.ts";
import type { Mailer } from "../mail/mailer.ts";
import { acceptInvitationOf, invitedRoleOf } from "../people/people-repository.ts";

/** Set by our Fastify bridge from the socket (never from the client) for rate limiting. */
export const CLIENT_IP_HEADER = "x-ultimate-bikes-client-ip";

/**
 * Google through better-auth's own provider, whose endpoints are built in: starting a sign-in
 * fetches nothing from Google (a discovery document that failed to load used to leave the user
 * with "Provider not found"). It asks for openid, email and profile, with PKCE, and takes the
 * profile, `email_verified` included, from the id_token Google's token endpoint answers.
 */
function googleProvider(client: OAuthClient, issuer: string | undefined): GoogleOptions {
  return issuer ? { ...client, authorizationEndpoint: `${issuer}/authorize` } : client;
}

/**
 * The provider has an option for its authorization endpoint but none for its token endpoint, so
 * against the local test server (OAUTH_ISSUER_URL) this plugin has it exchange the code there.
 * The rest of the provider, the reading of the id_token included, stays as Google's.
 */
function localGoogleTokenEndpoint(issuer: string): BetterAuthPlugin {
  return {
    id: "local-google-token-endpoint",
    init: (context) => ({
      context: {
        socialProviders: context.socialProviders.map((provider) =>
          provider.id === "google"
            ? {
                ...provider,
                validateAuthorizationCode: (request) =>
                  validateAuthorizationCode({
                    ...request,
                    options: provider.options ?? {},
                    tokenEndpoint: `${issuer}/token`,
                  }),
              }
            : provider,
        ),
      },
    }),
  };
}

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub speaks plain OAuth 2.0: the profile and the verified email come from its REST API. */
async function gitHubUserInfo(accessToken: string | undefined) {
  const headers = { authorization: `Bearer ${accessToken}`, "user-agent": "ultimate-bikes" };
  const profileResponse = await fetch("https://api.github.com/user", { headers });
  if (!profileResponse.ok) return null;
  const profile = (await profileResponse.json()) as {
    id: number;
    login: string;
    name: string | null;
    email: string | null;
    avatar_url: string;
  };
  const emailsResponse = await fetch("https://api.github.com/user/emails", { headers });
  const emails = emailsResponse.ok ? ((await emailsResponse.json()) as GitHubEmail[]) : [];
  // Only an address GitHub has verified may sign in (and so be linked to an existing account).
  const email = emails.find((entry) => entry.primary && entry.verified)?.email;
  if (!email) return null;
  return {
    id: String(profile.id),
    name: profile.name ?? profile.login,
    email,
    image: profile.avatar_url,
    emailVerified: true,
  };
}

function gitHubProvider(client: OAuthClient, issuer: string | undefined): GenericOAuthConfig {
  if (issuer) {
    // A local OAuth 2.0 server standing in for GitHub in tests: standard endpoints and userinfo.
    return {
      providerId: "github",
      ...client,
      authorizationUrl: `${issuer}/authorize`,
      tokenUrl: `${issuer}/token`,
      userInfoUrl: `${issuer}/userinfo`,
      scopes: ["openid", "email", "profile"],
    };
  }
  return {
    providerId: "github",
    ...client,
    authorizationUrl: "https://github.com/login/oauth/authorize",
    tokenUrl: "https://github.com/login/oauth/access_token",
    scopes: ["read:user", "user:email"],
    getUserInfo: (tokens) => gitHubUserInfo(tokens.accessToken),
  };
}

/**
 * A name as an account keeps it, whoever gave it (a provider's profile too): what the contract's
 * rule would refuse is dropped, and the rest cut to ACCOUNT_NAME_MAX_LENGTH characters. Requests
 * that send a name are refused before this (auth-bridge.ts); this is for names we are handed.
 */
export function storableAccountName(name: string): string {
  // By code point, so a lone surrogate is dropped and a pair never split.
  const safe = Array.from(name).filter((character) => !unsafeTextProblem(character));
  return Array.from(safe.join("").trim()).slice(0, ACCOUNT_NAME_MAX_LENGTH).join("").trim();
}

const authLogLevels = {
  fatal: "error",
  error: "error",
  warn: "warn",
  // Its info lines name who tried to sign up with a registered email: not for every day's log.
  info: "warn",
  debug: "debug",
  trace: "debug",
  silent: "error",
} as const satisfies Record<AppConfig["logLevel"], "error" | "warn" | "info" | "debug">;

/** better-auth on our own database: email + password with verification and reset, Google, GitHub. */
export function createAuth(config: AppConfig, database: AppDatabase, mailer: Mailer) {
  const { google, github, issuerOverride } = config.oauth;
  const genericProviders = github ? [gitHubProvider(github, issuerOverride)] : [];

  return betterAuth({
    appName: "Ultimate Bikes",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    database: { db: database.db, type: database.kind },
    trustedOrigins: [config.publicUrl],
    emailAndPassword: {
      enabled: true,
      // Sign-up answers a new and a registered email alike, so it signs nobody in; the web app
      // signs in right after (docs/decisions/012). The registered email's owner gets a notice.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(
          existingAccountMessage(user.email, user.name, `${config.publicUrl}${LOGIN_PATH}`),
        );
      },
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      ...(config.passwordHashing ? { password: config.passwordHashing } : {}),
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMessage(user.email, user.name, link));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        const link = `${config.publicUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
        await mailer.send(verificationMessage(user.email, user.name, link));
      },
    },
    // The stored role (docs/decisions/014), read with every session; only the People routes set it.
    user: { additionalFields: { role: { type: "string", defaultValue: "member", input: false } } },
    databaseHooks: {
      user: {
        create: {
          // An invited email signs up with the invitation's role; like any role, it counts once
          // the email is verified (auth/roles.ts).
          before: async (user) => ({
            data: {
              ...user,
              name: storableAccountName(user.name),
              ...(await invitedRoleOf(database.db, user.email)),
            },
          }),
          after: async (user) => acceptInvitationOf(database.db, user.email),
        },
        update: {
          before: async (user) =>
            typeof user.name === "string"
              ? { data: { ...user, name: storableAccountName(user.name) } }
              : { data: user },
        },
      },
    },
    // Linking to an existing account needs a verified email from the provider; none is trusted blindly.
    account: { accountLinking: { enabled: true } },
    rateLimit: {
      enabled: true,
      // In the database, so every server of a cluster counts against the same limit.
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 5 },
        // Every page asks who is signed in as it loads; a session token cannot be guessed, so
        // limiting the question would only turn busy offices behind one address away.
        "/get-session": false,
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // better-auth logs to the console; it says as much as LOG_LEVEL asks for, and nothing when
    // silent (it logs hostile requests, such as a made-up OAuth state, as errors).
    logger: {
      disabled: config.logLevel === "silent",
      level: authLogLevels[config.logLevel],
    },
    socialProviders: google ? { google: googleProvider(google, issuerOverride) } : {},
    plugins: [
      genericOAuth({ config: genericProviders }),
      ...(google && issuerOverride ? [localGoogleTokenEndpoint(issuerOverride)] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
