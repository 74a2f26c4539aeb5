import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { PasswordHashing } from "../src/config.ts";

const digest = (salt: string, password: string) =>
  createHash("sha256").update(`${salt}:${password}`).digest();

/**
 * A salted SHA-256 for the test suites only: better-auth's scrypt costs ~0.2 s of CPU per sign-up
 * and sign-in, thousands of times a run, and what the tests prove does not depend on it.
 * `password-hashing.api.test.ts` proves the server hashes with scrypt when nothing overrides it.
 */
export const fastPasswordHashing: PasswordHashing = {
  hash: async (password) => {
    const salt = randomBytes(8).toString("hex");
    return `test-sha256:${salt}:${digest(salt, password).toString("hex")}`;
  },
  verify: async ({ hash, password }) => {
    const [scheme, salt, expected] = hash.split(":");
    if (scheme !== "test-sha256" || !salt || !expected) return false;
    return timingSafeEqual(digest(salt, password), Buffer.from(expected, "hex"));
  },
};
