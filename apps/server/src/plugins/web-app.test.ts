import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import {
  FIRST_VISIT_HINTS_FILE,
  type FirstVisitHints,
} from "@ultimate-bikes/contract/first-visit-hints";
import { signUp } from "../../test/accounts.ts";
import { addBike, UNKNOWN_BIKE_ID } from "../../test/stock-helpers.ts";
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
  mkdirSync(path.join(dist, ".vite"));
  const hints: FirstVisitHints = {
    screens: [
      {
        path: "/inventory/:id",
        scripts: ["/assets/bike-page-def456.js", "/assets/zod-789.js"],
        styles: ["/assets/bike-page-def456.css"],
        reads: ["/api/account", "/api/bikes/:id"],
        photo: { read: "/api/bikes/:id", pointer: "/photo" },
      },
      {
        path: "/inventory",
        scripts: ["/assets/inventory-page-abc.js"],
        styles: [],
        reads: ["/api/stock?sort=created&limit=24"],
      },
      {
        path: "/dashboard",
        scripts: ["/assets/dashboard-page-abc.js"],
        styles: [],
        reads: ["/api/account", "/api/dashboard"],
        signedIn: true,
      },
    ],
  };
  writeFileSync(path.join(dist, FIRST_VISIT_HINTS_FILE), JSON.stringify(hints));
  return dist;
}

/** The `<link>`s the page's head names beyond the shell's own. */
const linksIn = (html: string) => html.match(/<link [^>]+>/g) ?? [];

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

  it("names a screen's chunks and first reads in the HTML of a page opened directly", async () => {
    const response = await test.app.inject("/inventory/b1e5a3c0-0000-4000-8000-000000000001");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain("app shell");
    expect(linksIn(response.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/bike-page-def456.js">',
      '<link rel="modulepreload" crossorigin href="/assets/zod-789.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/bike-page-def456.css">',
      '<link rel="preload" as="fetch" crossorigin href="/api/account">',
      '<link rel="preload" as="fetch" crossorigin href="/api/bikes/b1e5a3c0-0000-4000-8000-000000000001">',
    ]);
    // Before </head>, so the browser finds them with the shell's own.
    expect(response.body.indexOf("/api/account")).toBeLessThan(response.body.indexOf("</head>"));
  });

  it("names the bike's photo too, read from the answer the page will read first", async () => {
    const owner = await signUp(test.app);
    const photo = "https://images.example.com/bikes/r1.jpg";
    const id = await addBike(test.app, owner, { photo });
    const response = await test.app.inject(`/inventory/${id}`);
    expect(linksIn(response.body)).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${photo}">`,
    );
    // No bike there, no photo: the page is served all the same.
    const unknown = await test.app.inject(`/inventory/${UNKNOWN_BIKE_ID}`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('as="image"');
  });

  it("escapes the route's parameter and the reads' query strings", async () => {
    const odd = await test.app.inject(`/inventory/${encodeURIComponent('"><script>x')}`);
    expect(odd.body).toContain('href="/api/bikes/%22%3E%3Cscript%3Ex"');
    expect(odd.body).not.toContain("<script>x");
    const list = await test.app.inject("/inventory");
    expect(linksIn(list.body)).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/stock?sort=created&amp;limit=24">',
    );
  });

  it("names no reads for a page opened with a query string: they are the default view's", async () => {
    const response = await test.app.inject("/inventory?q=honda");
    expect(linksIn(response.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/inventory-page-abc.js">',
    ]);
  });

  it("names a signed-in screen's reads only to a browser with a session cookie", async () => {
    // A visitor goes to Login before the page asks anything: a named read would be a 401.
    const visitor = await test.app.inject("/dashboard");
    expect(linksIn(visitor.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-page-abc.js">',
    ]);
    for (const cookie of [
      "better-auth.session_token=abc.def",
      "theme=dark; __Secure-better-auth.session_token=abc.def",
    ]) {
      const member = await test.app.inject({ url: "/dashboard", headers: { cookie } });
      expect(linksIn(member.body), cookie).toContain(
        '<link rel="preload" as="fetch" crossorigin href="/api/dashboard">',
      );
    }
    // Another cookie of the same ending is not the session's.
    const other = await test.app.inject({
      url: "/dashboard",
      headers: { cookie: "not-better-auth.session_token=x" },
    });
    expect(linksIn(other.body)).not.toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/dashboard">',
    );
  });

  it("answers a missing file under a screen's path with a JSON 404, not the shell", async () => {
    const response = await test.app.inject("/inventory/photo.png");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
  });

  it("serves the shell as it is on routes without hints", async () => {
    const response = await test.app.inject("/blog");
    expect(response.statusCode).toBe(200);
    expect(linksIn(response.body)).toEqual([]);
  });
});
