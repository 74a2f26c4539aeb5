import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "@ultimate-bikes/test-support/chromium";
import { OAUTH_CLIENTS } from "./support/oauth-clients.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real server,
 * started on its own port with a fresh SQLite database in a temporary DATA_DIR.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const oauthPort = port + 1;
/** The main app's SMTP server, which files what it receives in the app's outbox. */
const smtpPort = port + 3;
export const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "ultimate-bikes-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

/**
 * A second server under ACCESS_POLICY=invite with one configured admin, for the People tests
 * (e2e/tests/people.spec.ts); its own database and outbox in its own DATA_DIR.
 */
const invitePort = port + 2;
export const inviteBaseURL = `http://localhost:${invitePort}`;
export const INVITE_ADMIN_EMAIL = "first-admin@example.com";
const inviteDataDir =
  process.env.E2E_INVITE_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "ultimate-bikes-e2e-invite-"));
process.env.E2E_INVITE_DATA_DIR = inviteDataDir;

/** The app as `npm start` runs it, on its own port and data folder, seeded, plus `env`. */
const appServer = (
  serverPort: number,
  publicUrl: string,
  dataDir: string,
  env: Record<string, string>,
) => ({
  command: `"${process.execPath}" apps/server/src/main.ts`,
  cwd: path.resolve(import.meta.dirname, ".."),
  url: `${publicUrl}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    PORT: String(serverPort),
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED: "on",
    // Lets tests that create many accounts come from distinct addresses (see support/accounts.ts).
    TRUST_PROXY: "on",
    ...env,
  },
});

export default defineConfig({
  testDir: "tests",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A budget against a hung test, not a speed check: in a whole CI run on 2 cores, tests that
  // take 8 s alone took up to 25 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // The list for people; the JSON (each test's time) for finding what a run spends.
  reporter: [
    ["list"],
    ["json", { outputFile: path.resolve(import.meta.dirname, "../test-results/e2e-results.json") }],
  ],
  // In the work tree's git-ignored test-results/, which CI keeps: the traces of failures end up there.
  outputDir: path.resolve(import.meta.dirname, "../test-results/e2e"),
  use: {
    baseURL,
    // Without the screencast's screenshots: each action's DOM snapshot still shows the page in
    // the trace viewer, and screenshots taken through every test, to be kept only on a failure,
    // cost time in all of them (19 tests run twice each way, back to back on a busy machine:
    // 82-85 s of test time without, 94-110 s with).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: `"${process.execPath}" e2e/support/oauth-server.ts`,
      cwd: path.resolve(import.meta.dirname, ".."),
      url: `http://127.0.0.1:${oauthPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OAUTH_PORT: String(oauthPort) },
    },
    {
      command: `"${process.execPath}" e2e/support/smtp-capture-server.ts`,
      cwd: path.resolve(import.meta.dirname, ".."),
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_CAPTURE_PORT: String(smtpPort), OUTBOX_DIR: path.join(dataDir, "outbox") },
    },
    appServer(port, baseURL, dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OAUTH_ISSUER_URL: `http://127.0.0.1:${oauthPort}`,
      GOOGLE_CLIENT_ID: OAUTH_CLIENTS.google.clientId,
      GOOGLE_CLIENT_SECRET: OAUTH_CLIENTS.google.clientSecret,
      GITHUB_CLIENT_ID: OAUTH_CLIENTS.github.clientId,
      GITHUB_CLIENT_SECRET: OAUTH_CLIENTS.github.clientSecret,
    }),
    appServer(invitePort, inviteBaseURL, inviteDataDir, {
      ACCESS_POLICY: "invite",
      ADMIN_EMAILS: INVITE_ADMIN_EMAIL,
    }),
  ],
});
