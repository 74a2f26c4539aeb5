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

/** Signed tokens for bearer calls (docs/product.md, API), keyed from AUTH_SECRET (never the secret itself). */
export function createAccessTokens(authSecret: string): AccessTokens {
  const key = createHash("sha256").update(`access-token:${authSecret}`).digest();
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
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ["HS256"] });
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
