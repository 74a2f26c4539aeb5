import { describe, expect, it } from "vitest";
import { accessTokenRequestSchema } from "./accounts.ts";
import { itemsQuerySchema, newBikeSchema } from "./bikes.ts";
import { emailSchema } from "./email.ts";

describe("emailSchema", () => {
  it("trims and lowercases an address", () => {
    expect(emailSchema.parse("  Staff.Member@Example.COM ")).toBe("staff.member@example.com");
  });

  it.each([
    ["not-an-email", "must be an email address"],
    ["", "must be an email address"],
    [42, "must be an email address"],
    [undefined, "must be an email address"],
    [`${"a".repeat(250)}@example.com`, "must be at most 254 characters"],
  ])("refuses %j with %s", (input, message) => {
    expect(emailSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it("is the one email field of every body and query that carries one", () => {
    const email = " Owner@Example.com";
    expect(accessTokenRequestSchema.parse({ email })).toEqual({ email: "owner@example.com" });
    expect(itemsQuerySchema.parse({ email })).toEqual({ email: "owner@example.com" });
    expect(newBikeSchema.shape.email.parse(email)).toBe("owner@example.com");
  });
});
