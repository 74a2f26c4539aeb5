import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { CHROMIUM_LAUNCH_OPTIONS } from "@ultimate-bikes/test-support/chromium";
import { findMailedLink } from "@ultimate-bikes/test-support/mailbox";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { repoRoot } from "../support/paths.ts";
import { stillRunning } from "../support/watchdog.ts";
import { withAppServer } from "./app-server.ts";
import { measureBundleSizes } from "./bundle-size-bench.ts";
import { freePort } from "./cold-start-bench.ts";
import { SetupError } from "./options.ts";

/** The build `npm start` serves: the server always serves this folder. */
const WEB_DIST_DIR = path.join(repoRoot, "apps/web/dist");

/** The goals (issue 12): a phone's first visit scores this or better. */
export const PERFORMANCE_GOAL = 0.95;
export const ACCESSIBILITY_GOAL = 1;

/** One Lighthouse run of one page, in its default mobile emulation and simulated throttling. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes of JavaScript the page fetched over the network during the run, compressed. */
  scriptTransferBytes: number;
  /** Accessibility audits that failed, by id. */
  accessibilityFailures: string[];
}

export interface PageRuns {
  name: string;
  path: string;
  /** Signed in as staff (the bike page is for signed-in people only), or a first-time visitor. */
  signedIn: boolean;
  runs: LighthouseRun[];
}

export interface LighthouseResults {
  pages: PageRuns[];
  lighthouseVersion: string;
  /** Home's JavaScript before interaction, from Vite's manifest (see bundle-size-bench.ts). */
  homeScriptsGzip: number;
}

export interface LighthouseSettings {
  rounds: number;
  /** Each run's whole report is written here as `{page}-{round}.json`, when set. */
  reportDir?: string;
}

const PASSWORD = "ride safe 2026";

/**
 * Lighthouse against the build `npm start` serves (after `npm run build`): the real server on
 * SQLite with the seeded stock, in a temporary DATA_DIR, on 127.0.0.1 with PUBLIC_URL to match.
 * Each round runs Home, Inventory, Login and a seeded bike's page (as a verified staff member) in
 * a freshly launched headless Chromium (Debian's, never a downloaded one); the pages take turns
 * going first, so drift in the machine's load falls on all of them.
 */
export async function runLighthouseBench(
  settings: LighthouseSettings,
  progress: (message: string) => void,
): Promise<LighthouseResults> {
  if (!existsSync(path.join(WEB_DIST_DIR, "index.html"))) {
    throw new SetupError(
      `${WEB_DIST_DIR} has no build: run \`npm run build\` at the repository root first.`,
    );
  }
  const { homeScriptsGzip } = await measureBundleSizes(WEB_DIST_DIR);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const variables = { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, SEED: "on" };
  return withAppServer({ kind: "sqlite" }, variables, async (app, workDir) => {
    const cookie = await signInAsStaff(origin, path.join(workDir, "data", "outbox"));
    const bikeId = await firstBikeId(origin);
    const pages: PageRuns[] = [
      { name: "Home", path: "/", signedIn: false, runs: [] },
      { name: "Inventory", path: "/inventory", signedIn: false, runs: [] },
      { name: "Login", path: "/login", signedIn: false, runs: [] },
      { name: "Bike page", path: `/inventory/${bikeId}`, signedIn: true, runs: [] },
    ];
    let lighthouseVersion = "";
    for (let round = 0; round < settings.rounds; round++) {
      const order = [...pages.slice(round % pages.length), ...pages.slice(0, round % pages.length)];
      for (const page of order) {
        if (app.exited()) throw new Error("The app server stopped during the run.");
        const result = await audit(`${origin}${page.path}`, page.signedIn ? cookie : undefined);
        lighthouseVersion = result.lighthouseVersion;
        if (settings.reportDir) await keepReport(settings.reportDir, page.name, round, result);
        page.runs.push(runOf(result));
        progress(`round ${round + 1} of ${settings.rounds}: ${page.name}`);
      }
    }
    return { pages, lighthouseVersion, homeScriptsGzip };
  });
}

async function keepReport(directory: string, page: string, round: number, result: Result) {
  await mkdir(directory, { recursive: true });
  const name = `${page.toLowerCase().replace(/\W+/g, "-")}-${round + 1}.json`;
  await writeFile(path.join(directory, name), JSON.stringify(result, null, 2));
}

/** Lighthouse's defaults (mobile, simulated slow 4G and a 4× slower CPU), two categories. */
async function audit(url: string, cookie: string | undefined): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_LAUNCH_OPTIONS.executablePath,
    chromeFlags: ["--headless=new", ...CHROMIUM_LAUNCH_OPTIONS.args],
    logLevel: "error",
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    };
    const runner = await lighthouse(url, flags);
    stillRunning();
    const lhr = runner?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    }
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      // The bike page sends visitors to Login: a run that ends elsewhere measured another page.
      throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
    }
    return lhr;
  } finally {
    chrome.kill();
  }
}

function runOf(lhr: Result): LighthouseRun {
  const score = (category: string) => {
    const value = lhr.categories[category]?.score;
    if (typeof value !== "number") throw new Error(`Lighthouse gave no ${category} score`);
    return value;
  };
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse measured no ${id}`);
    return value;
  };
  const requests = (
    lhr.audits["network-requests"]?.details as
      { items: { resourceType?: string; transferSize?: number }[] } | undefined
  )?.items;
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    lcpMs: metric("largest-contentful-paint"),
    fcpMs: metric("first-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    speedIndexMs: metric("speed-index"),
    scriptTransferBytes: (requests ?? [])
      .filter((request) => request.resourceType === "Script")
      .reduce((total, request) => total + (request.transferSize ?? 0), 0),
    accessibilityFailures,
  };
}

/**
 * A staff member's session cookie: signs up, opens the mailed verification link (staff need a
 * verified email: docs/decisions/014), signs in. Sends an Origin, as better-auth asks of a browser.
 */
async function signInAsStaff(origin: string, outboxDir: string): Promise<string> {
  const email = uniqueEmail("lighthouse");
  const post = (endpoint: string, body: unknown) =>
    fetch(`${origin}/api/auth/${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    });
  const signedUp = await post("sign-up/email", {
    name: "Lighthouse Staff",
    email,
    password: PASSWORD,
  });
  if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  const link = await mailedLink(outboxDir, email);
  const token = new URL(link).searchParams.get("token") ?? "";
  const verified = await fetch(
    `${origin}/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    { headers: { origin }, redirect: "manual" },
  );
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
  const signedIn = await post("sign-in/email", { email, password: PASSWORD });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const account = await fetch(`${origin}/api/account`, { headers: { cookie } });
  const { role } = (await account.json()) as { role?: string };
  if (role !== "staff" && role !== "admin") throw new Error(`signed in as ${role}, not staff`);
  return cookie;
}

/** The verification link mailed to `email` (the file outbox: the run sets no SMTP_URL). */
async function mailedLink(outboxDir: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const link = existsSync(outboxDir)
      ? findMailedLink(outboxDir, email, "verify-email")
      : undefined;
    if (link) return link;
    await sleep(100);
  }
  throw new Error(`no verification mail to ${email} in ${outboxDir}`);
}

async function firstBikeId(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/bikes`);
  const [first] = (await response.json()) as { _id: string }[];
  if (!first) throw new Error("the seeded stock is empty");
  return first._id;
}
