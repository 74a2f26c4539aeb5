import { describe, expect, it, vi } from "vitest";
import {
  accessTokenStorage,
  fetchAccessToken,
  isAccessTokenFor,
  withAccessToken,
} from "./access-token";
import { ApiRequestError } from "./api-client";

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

describe("fetchAccessToken", () => {
  it("does not store a token whose request was still in flight when the token was cleared", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const pending = fetchAccessToken("staff@example.com");
    accessTokenStorage.clear(); // logout while POST /api/login is under way
    answer(new Response(JSON.stringify({ accessToken: "late.token.here" }), { status: 200 }));
    await pending;
    expect(accessTokenStorage.read()).toBeNull();
    vi.unstubAllGlobals();
  });

  it("stores the token it fetched", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ accessToken: "a.b.c" }), { status: 200 })),
    );
    await fetchAccessToken("staff@example.com");
    expect(accessTokenStorage.read()).toBe("a.b.c");
    accessTokenStorage.clear();
    vi.unstubAllGlobals();
  });
});

describe("withAccessToken", () => {
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;

  it("uses the stored token while it is fresh and the caller's own", async () => {
    const stored = tokenWith({ email: "staff@example.com", exp: inAnHour });
    accessTokenStorage.write(stored);
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    await expect(withAccessToken("staff@example.com", async (token) => token)).resolves.toBe(
      stored,
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    accessTokenStorage.clear();
    vi.unstubAllGlobals();
  });

  it("renews a token the API turns down, once", async () => {
    accessTokenStorage.write(tokenWith({ email: "staff@example.com", exp: inAnHour }));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ accessToken: "renewed" }), { status: 200 })),
    );
    const used: string[] = [];
    const result = await withAccessToken("staff@example.com", async (token) => {
      used.push(token);
      if (token !== "renewed") throw new ApiRequestError(401, "The access token has expired.");
      return "items";
    });
    expect(result).toBe("items");
    expect(used).toHaveLength(2);
    expect(accessTokenStorage.read()).toBe("renewed");

    await expect(
      withAccessToken("staff@example.com", async () => {
        throw new ApiRequestError(403, "Not yours.");
      }),
    ).rejects.toThrow("Not yours.");
    accessTokenStorage.clear();
    vi.unstubAllGlobals();
  });
});
