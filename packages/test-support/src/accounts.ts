import { randomUUID } from "node:crypto";

/** An address no other user of the same database has, so every test signs up someone new. */
export const uniqueEmail = (label = "staff") => `${label}-${randomUUID().slice(0, 8)}@example.com`;
