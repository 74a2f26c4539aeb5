import { describe, expect, it } from "vitest";
import { isAccessTokenFor } from "./access-token";

const tokenWith = (claims: object) =>
  `header.${btoa(JSON.stringify(claims)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}.signature`;

describe("isAccessTokenFor", () => {
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;

  it("accepts a fresh token for the same email, whatever its case", () => {
    expect(
      isAccessTokenFor(
        tokenWith({ email: "Staff@Example.com", exp: inAnHour }),
        "staff@example.com",
      ),
    ).toBe(true);
  });

  it("refuses someone else's, an expired, a missing and a garbled token", () => {
    expect(
      isAccessTokenFor(
        tokenWith({ email: "other@example.com", exp: inAnHour }),
        "staff@example.com",
      ),
    ).toBe(false);
    expect(
      isAccessTokenFor(tokenWith({ email: "staff@example.com", exp: 1 }), "staff@example.com"),
    ).toBe(false);
    expect(isAccessTokenFor(null, "staff@example.com")).toBe(false);
    expect(isAccessTokenFor("not-a-token", "staff@example.com")).toBe(false);
    expect(isAccessTokenFor("a.%%%.c", "staff@example.com")).toBe(false);
  });
});
