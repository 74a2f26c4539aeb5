import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * The tables better-auth reads and writes (users, sessions, linked accounts, verification tokens,
 * rate-limit counters), in its column naming. Written out here rather than generated at run time so
 * the schema is versioned with ours and both databases get the same one.
 */
export function createAuthTables(kind: DatabaseKind) {
  const bool = kind === "postgres" ? sql`boolean` : sql`integer`;
  const time = kind === "postgres" ? sql`timestamptz` : sql`date`;
  return {
    async up(db: Kysely<unknown>) {
      const statements = [
        sql`create table "user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" ${bool} not null, "image" text, "createdAt" ${time} not null, "updatedAt" ${time} not null)`,
        sql`create table "session" ("id" text not null primary key, "expiresAt" ${time} not null, "token" text not null unique, "createdAt" ${time} not null, "updatedAt" ${time} not null, "ipAddress" text, "userAgent" text, "userId" text not null references "user" ("id") on delete cascade)`,
        sql`create table "account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" ${time}, "refreshTokenExpiresAt" ${time}, "scope" text, "password" text, "createdAt" ${time} not null, "updatedAt" ${time} not null)`,
        sql`create table "verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" ${time} not null, "createdAt" ${time} not null, "updatedAt" ${time} not null)`,
        sql`create table "rateLimit" ("id" text not null primary key, "key" text not null unique, "count" integer not null, "lastRequest" bigint not null)`,
        sql`create index "session_userId_idx" on "session" ("userId")`,
        sql`create index "account_userId_idx" on "account" ("userId")`,
        sql`create index "verification_identifier_idx" on "verification" ("identifier")`,
      ];
      for (const statement of statements) await statement.execute(db);
    },
  };
}
