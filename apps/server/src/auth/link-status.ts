import type { LinkStatus } from "@ultimate-bikes/contract/accounts";
import { errors, jwtVerify } from "jose";
import type { Auth } from "./auth.ts";

/**
 * Reads, without using it, what an emailed link's token would do. better-auth answers a used
 * verification link with the same success as a fresh one, and a used reset link with "invalid";
 * people deserve to be told which.
 */
export function createLinkStatus(auth: Auth, authSecret: string) {
  return {
    async emailVerification(token: string): Promise<LinkStatus> {
      let email: unknown;
      try {
        const { payload } = await jwtVerify(token, new TextEncoder().encode(authSecret), {
          algorithms: ["HS256"],
        });
        email = payload.email;
      } catch (error) {
        return error instanceof errors.JWTExpired ? "expired" : "invalid";
      }
      if (typeof email !== "string") return "invalid";
      const context = await auth.$context;
      const found = await context.internalAdapter.findUserByEmail(email);
      if (!found) return "invalid";
      return found.user.emailVerified ? "used" : "valid";
    },

    async passwordReset(token: string): Promise<LinkStatus> {
      const context = await auth.$context;
      const verification = await context.internalAdapter.findVerificationValue(
        `reset-password:${token}`,
      );
      // better-auth deletes the token once it is used, so a missing one was used or never issued.
      if (!verification) return "used";
      return new Date(verification.expiresAt) < new Date() ? "expired" : "valid";
    },
  };
}
