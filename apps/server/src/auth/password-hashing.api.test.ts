import { scryptSync } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { signUp, TEST_PASSWORD } from "../../test/accounts.ts";
import { openStoredDataProbe } from "../../test/stored-data.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

// The other suites hash passwords cheaply (test/fast-password-hashing.ts); the server itself
// keeps better-auth's scrypt, the parameters of which an attacker with the database faces.
describe(`password hashing on ${testDatabaseKind}`, () => {
  const test = useTestApp({ overrides: { passwordHashing: undefined } });

  it("stores scrypt (N 16384, r 16, p 1, 64 bytes) of the password with a random salt", async () => {
    const { email } = await signUp(test.app);
    const probe = openStoredDataProbe(test.config, test.app.log);
    try {
      const { rows } = await sql<{ password: string }>`
        select a."password" from "account" a join "user" u on u."id" = a."userId"
        where u."email" = ${email}`.execute(probe.database.db);
      const [salt, key] = rows[0]!.password.split(":");
      expect(salt).toMatch(/^[0-9a-f]{32}$/);
      const expected = scryptSync(TEST_PASSWORD.normalize("NFKC"), salt!, 64, {
        N: 16384,
        r: 16,
        p: 1,
        maxmem: 128 * 16384 * 16 * 2,
      });
      expect(key).toBe(expected.toString("hex"));
    } finally {
      await probe.close();
    }
  });
});
