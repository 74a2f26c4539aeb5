import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EVENTS_URL, useListening, useStreams } from "../../test/event-streams.ts";
import { useTestApp } from "../../test/test-app.ts";
import { toastifyStyleHash } from "./security-headers.ts";

/** A stand-in for apps/web/dist: the app shell and one photo. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-dist-"));
  mkdirSync(path.join(dist, "images"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app shell</title>");
  writeFileSync(path.join(dist, "images", "bike.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dist;
}

/** The CSP's directives by name, each with its sources. */
function directivesOf(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe("string");
  return new Map(
    String(header)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("security headers", () => {
  const webDistDir = fakeWebBuild();
  afterAll(() => rmSync(webDistDir, { recursive: true, force: true }));
  const test = useTestApp({ overrides: { webDistDir } });
  const server = useListening(() => test.app);
  const openStream = useStreams();

  it.each(["/", "/inventory", "/api/bikes", "/api/docs", "/api/nothing"])(
    "sends the CSP, nosniff, no framing and a referrer policy with %s",
    async (url) => {
      const response = await test.app.inject(url);
      const csp = directivesOf(response.headers["content-security-policy"]);
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("script-src")).toEqual(["'self'"]);
      // Swagger UI adds <style> elements; the web app only toastify's, allowed by its hash.
      expect(csp.get("style-src")).toEqual(
        url === "/api/docs" ? ["'self'", "'unsafe-inline'"] : ["'self'", toastifyStyleHash()],
      );
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      // Photos on PUBLIC_URL or any https: host, map tiles included; nothing else third-party
      // (docs/decisions/013).
      expect(csp.get("img-src")).toEqual([
        "'self'",
        new URL(test.config.publicUrl).origin,
        "data:",
        "https:",
      ]);
      for (const own of ["connect-src", "font-src", "form-action"]) {
        expect(csp.get(own)?.filter((source) => source.startsWith("http"))).toEqual([]);
      }
      // Plain http here: upgrading would send the browser to an https port nobody serves.
      expect(csp.has("upgrade-insecure-requests")).toBe(false);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["strict-transport-security"]).toBeUndefined();
      expect(response.headers["x-powered-by"]).toBeUndefined();
      // The sign-in popup reports to its opener: no COOP (docs/decisions/013).
      expect(response.headers["cross-origin-opener-policy"]).toBeUndefined();
    },
  );

  it("allows toastify's injected style by the hash of the installed stylesheet", () => {
    expect(toastifyStyleHash()).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it("keeps answers to this site, except photos, which any site may show", async () => {
    expect((await test.app.inject("/")).headers["cross-origin-resource-policy"]).toBe(
      "same-origin",
    );
    const photo = await test.app.inject("/images/bike.svg");
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  it("sends nosniff and a CSP with the live stock stream too", async () => {
    const stream = await openStream(`${server.origin}${EVENTS_URL}`);
    expect(stream.headers.get("x-content-type-options")).toBe("nosniff");
    expect(stream.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("security headers behind https", () => {
  const test = useTestApp({ environment: { PUBLIC_URL: "https://bikes.example.com" } });

  it("asks for https only: HSTS and upgrade-insecure-requests", async () => {
    const response = await test.app.inject("/api/bikes");
    expect(
      directivesOf(response.headers["content-security-policy"]).has("upgrade-insecure-requests"),
    ).toBe(true);
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000");
  });
});
