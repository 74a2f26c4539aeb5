import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app.ts";

/** A stand-in for apps/web/dist: an index page, a hashed asset and a public file. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app shell</title>");
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('app')");
  writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dist;
}

describe("serving the web app beside the API", () => {
  const webDistDir = fakeWebBuild();
  afterAll(() => rmSync(webDistDir, { recursive: true, force: true }));
  const test = useTestApp({ overrides: { webDistDir } });

  it("answers client routes with the app shell, never cached", async () => {
    for (const url of ["/", "/inventory", "/my-item", "/some/unknown/path"]) {
      const response = await test.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain("app shell");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("caches content-hashed assets for good and other files not at all", async () => {
    const asset = await test.app.inject("/assets/index-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const favicon = await test.app.inject("/favicon.svg");
    expect(favicon.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a missing file and an unknown API path with JSON 404s, not the shell", async () => {
    for (const url of ["/assets/missing-123.js", "/images/none.png", "/api/nothing"]) {
      const response = await test.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
    }
  });

  it("does not hand the shell to non-GET requests", async () => {
    const response = await test.app.inject({ method: "POST", url: "/inventory" });
    expect(response.statusCode).toBe(404);
  });
});
