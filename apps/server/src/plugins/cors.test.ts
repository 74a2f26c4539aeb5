import { describe, expect, it } from "vitest";
import { accessTokenFor } from "../../test/accounts.ts";
import { EVENTS_URL, useListening, useStreams } from "../../test/event-streams.ts";
import { addBike, send } from "../../test/stock-helpers.ts";
import { useTestApp } from "../../test/test-app.ts";

const PARTNER = "https://shop.example.com";
const STRANGER = "https://evil.example.net";

describe("CORS", () => {
  const test = useTestApp({
    environment: { CORS_ORIGINS: `${PARTNER}, https://other-partner.example.org` },
    signedUpUsers: ["staff"],
  });
  const { staff } = test.users;
  const server = useListening(() => test.app);
  const openStream = useStreams();

  const preflight = (origin: string, url: string, method: string, headers?: string) =>
    test.app.inject({
      method: "OPTIONS",
      url,
      headers: {
        origin,
        "access-control-request-method": method,
        ...(headers ? { "access-control-request-headers": headers } : {}),
      },
    });

  const allowedHeaders = (value: unknown) =>
    String(value ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);

  it.each(["/api/bikes", "/api/stock?limit=2", "/api/suppliers", "/api/health"])(
    "lets any origin read %s, without cookies",
    async (url) => {
      for (const origin of [STRANGER, PARTNER]) {
        const response = await test.app.inject({ url, headers: { origin } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["access-control-allow-origin"]).toMatch(
          origin === PARTNER ? PARTNER : "*",
        );
        expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
      }
    },
  );

  it("answers a read from a stranger's preflight, but allows no Authorization header", async () => {
    const response = await preflight(STRANGER, "/api/items?email=a@b.co", "GET", "authorization");
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(allowedHeaders(response.headers["access-control-allow-headers"])).not.toContain(
      "authorization",
    );
    expect(response.headers["access-control-allow-methods"]).toBe("GET, HEAD");
  });

  it("lets a listed origin send the bearer token, without cookies", async () => {
    const allowed = await preflight(PARTNER, "/api/items?email=a@b.co", "GET", "authorization");
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe(PARTNER);
    expect(allowedHeaders(allowed.headers["access-control-allow-headers"])).toContain(
      "authorization",
    );
    expect(allowed.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(String(allowed.headers.vary)).toMatch(/origin/i);

    const token = await accessTokenFor(test.app, staff);
    const response = await test.app.inject({
      url: `/api/items?email=${encodeURIComponent(staff.email)}`,
      headers: { origin: PARTNER, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe(PARTNER);
    expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("lets a listed origin preflight a write; a stranger's preflight finds no route", async () => {
    const partner = await preflight(PARTNER, "/api/bikes", "POST", "authorization, content-type");
    expect(partner.statusCode).toBe(204);
    expect(partner.headers["access-control-allow-methods"]).toContain("POST");
    expect(partner.headers["access-control-allow-origin"]).toBe(PARTNER);

    const stranger = await preflight(STRANGER, "/api/bikes", "POST", "content-type");
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
    expect(stranger.headers["access-control-allow-methods"]).toBeUndefined();
  });

  it("keeps cookie writes same-origin, even for a listed origin", async () => {
    const id = await addBike(test.app, staff);
    for (const origin of [STRANGER, PARTNER]) {
      const response = await send(
        test.app,
        staff,
        "POST",
        `/api/bikes/${id}/deliveries`,
        undefined,
        {
          origin,
        },
      );
      expect(response.statusCode, origin).toBe(403);
      if (origin === STRANGER) {
        expect(response.headers["access-control-allow-origin"]).toBeUndefined();
      }
    }
    const sameOrigin = await send(
      test.app,
      staff,
      "POST",
      `/api/bikes/${id}/deliveries`,
      undefined,
      {
        origin: test.config.publicUrl,
      },
    );
    expect(sameOrigin.statusCode).toBe(200);
    expect(sameOrigin.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("leaves better-auth's routes and the web app without CORS headers", async () => {
    const session = await test.app.inject({
      url: "/api/auth/get-session",
      headers: { origin: STRANGER, cookie: staff.cookie },
    });
    expect(session.headers["access-control-allow-origin"]).toBeUndefined();
    const shell = await test.app.inject({ url: "/inventory", headers: { origin: STRANGER } });
    expect(shell.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("lets any origin read the live stock stream", async () => {
    const stream = await openStream(`${server.origin}${EVENTS_URL}`, {
      headers: { origin: STRANGER },
    });
    expect(stream.headers.get("access-control-allow-origin")).toBe("*");
    expect(stream.headers.get("access-control-allow-credentials")).toBeNull();
  });
});
