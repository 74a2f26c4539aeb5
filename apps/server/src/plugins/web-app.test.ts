import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app.ts";

const APP_SCRIPT = "console.log('app')";

/**
 * A stand-in for apps/web/dist: an index page, a hashed asset with the Brotli copy the build
 * writes beside it, and a public file.
 */
function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(
    path.join(dist, "index.html"),
    "<!doctype html><html><head><title>app shell</title></head><body></body></html>",
  );
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), APP_SCRIPT);
  writeFileSync(path.join(dist, "assets", "index-abc123.js.br"), brotliCompressSync(APP_SCRIPT));
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
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
  });

  it("caches content-hashed assets for good and other files not at all", async () => {
    const asset = await test.app.inject("/assets/index-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const favicon = await test.app.inject("/favicon.svg");
    expect(favicon.headers["cache-control"]).toBe("no-cache");
  });

  it("sends the build's Brotli copy to a browser that takes it, the file to one that does not", async () => {
    const brotli = await test.app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.rawPayload).toEqual(brotliCompressSync(APP_SCRIPT));
    const plain = await test.app.inject("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(APP_SCRIPT);
  });

  it("answers a missing file and an unknown API path with JSON 404s, not the shell", async () => {
    const missing = ["/assets/missing-123.js", "/assets/index-abc123.js.br", "/images/none.png"];
    for (const url of [...missing, "/api/nothing"]) {
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
