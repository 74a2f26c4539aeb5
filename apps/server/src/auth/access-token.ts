import { createHash } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "ultimate-bikes";
/**
 * Short, and renewed by the web app as it runs out: even a copied token is worth minutes. It also
 * dies with its session (authentication.ts), so logout and a password reset end it at once.
 */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;

/** Whom a token was issued to, and the session it lives and dies with. */
export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  email: string;
}

export interface AccessTokens {
  issue(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a well-signed, unexpired token; undefined for anything else. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

/** The tokens' signing key: derived from AUTH_SECRET, never the secret itself. */
export const accessTokenKey = (authSecret: string) =>
  createHash("sha256").update(`access-token:${authSecret}`).digest();

/** Signed tokens for bearer calls (docs/product.md, API). */
export function createAccessTokens(authSecret: string): AccessTokens {
  const key = accessTokenKey(authSecret);
  return {
    issue: ({ userId, sessionId, email }) =>
      new SignJWT({ email, sid: sessionId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_LIFETIME_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        // A token without an expiry or an issue time is not one we issued, whatever signed it
        // (a leaked key must not mint tokens that live for ever), and none lives longer than
        // its lifetime from when it was issued, whatever its `exp` says.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ["HS256"],
          requiredClaims: ["exp", "iat"],
          maxTokenAge: ACCESS_TOKEN_LIFETIME_SECONDS,
        });
        const { sub, sid, email } = payload;
        if (typeof sub !== "string" || typeof sid !== "string" || typeof email !== "string") {
          return undefined;
        }
        return { userId: sub, sessionId: sid, email };
      } catch {
        return undefined;
      }
    },
  };
}
