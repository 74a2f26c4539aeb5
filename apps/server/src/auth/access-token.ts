import { createHash } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "ultimate-bikes";
const LIFETIME = "24h";

export interface AccessTokens {
  issue(user: { id: string; email: string }): Promise<string>;
  /** The email the token was issued to, or undefined for a bad, forged or expired token. */
  verify(token: string): Promise<string | undefined>;
}

/** Signed tokens for the original API's bearer calls (docs/product.md, API), keyed from AUTH_SECRET (never the secret itself). */
export function createAccessTokens(authSecret: string): AccessTokens {
  const key = createHash("sha256").update(`access-token:${authSecret}`).digest();
  return {
    issue: ({ id, email }) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(id)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(LIFETIME)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ["HS256"] });
        return typeof payload.email === "string" ? payload.email : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
