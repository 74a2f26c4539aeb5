import { PASSWORD_MIN_LENGTH } from "@ultimate-bikes/contract/account-forms";
import {
  AUTH_BASE_PATH,
  RESET_PASSWORD_PATH,
  VERIFY_EMAIL_PATH,
} from "@ultimate-bikes/contract/paths";
import { betterAuth } from "better-auth";
import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins";
import type { AppConfig, OAuthClient } from "../config.ts";
import type { AppDatabase } from "../db/database.ts";
import { passwordResetMessage, verificationMessage } from "../mail/auth-messages.ts";
import type { Mailer } from "../mail/mailer.ts";

/** Set by our Fastify bridge from the socket (never from the client) for rate limiting. */
export const CLIENT_IP_HEADER = "x-ultimate-bikes-client-ip";

function googleProvider(client: OAuthClient, issuer: string | undefined): GenericOAuthConfig {
  return {
    providerId: "google",
    ...client,
    discoveryUrl: `${issuer ?? "https://accounts.google.com"}/.well-known/openid-configuration`,
    scopes: ["openid", "email", "profile"],
    pkce: true,
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

/** better-auth on our own database: email + password with verification and reset, Google, GitHub. */
export function createAuth(config: AppConfig, database: AppDatabase, mailer: Mailer) {
  const { google, github } = config.oauth;
  const providers = [
    google && googleProvider(google, config.oauth.issuerOverride),
    github && gitHubProvider(github, config.oauth.issuerOverride),
  ].filter((provider) => provider !== undefined);

  return betterAuth({
    appName: "Ultimate Bikes",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    database: { db: database.db, type: database.kind },
    trustedOrigins: [config.publicUrl],
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
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
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    plugins: [genericOAuth({ config: providers })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
