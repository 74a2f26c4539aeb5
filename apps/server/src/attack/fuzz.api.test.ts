import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accessTokenFor, cookiesFrom, TEST_PASSWORD } from "../../test/accounts.ts";
import { badRequestsFor, type FuzzRequest, type FuzzTarget } from "../../test/bad-requests.ts";
import { fuzzTargetsOf, type FuzzTargets } from "../../test/fuzz-targets.ts";
import { addBike } from "../../test/stock-helpers.ts";
import { apiSnapshot, openStoredDataProbe, type StoredDataProbe } from "../../test/stored-data.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

/*
 * Generated hostile requests against every route the app registers (issue 11): whoever sends
 * them, none may crash the server (5xx), get an error out of the API's one shape, or change
 * anything stored. Every failing route is listed with fast-check's smallest counterexample;
 * replay a run with FUZZ_SEED=<seed>.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
/** Runs per target: about 2,100 requests in all, under a minute on either database. */
const RUNS = { api: 55, auth: 25, rest: 250 };
/** Past this, a shrinking counterexample is reported as it stands. */
const MAX_SHRINKS = 40;
const ANSWER_WITHIN_MS = 10_000;

const clip = (text: string, length = 400) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;

describe(`hostile requests to every route on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["fuzzer", "reader"] });
  let probe: StoredDataProbe | undefined;
  let targets: FuzzTargets | undefined;
  let bikeIds: string[] = [];
  let cookie = "";
  let bearer = "";
  let signIns = 0;
  let sent = 0;
  const loggedErrors: unknown[][] = [];
  let known: string | undefined;

  beforeAll(async () => {
    probe = openStoredDataProbe(test.config, test.app.log);
    targets = fuzzTargetsOf(test.app, test.config, probe.database);
    const { fuzzer } = test.users;
    cookie = fuzzer.cookie;
    bearer = await accessTokenFor(test.app, fuzzer);
    // One of the fuzzer's own bikes, so "mine" routes have something to refuse to touch.
    await addBike(test.app, fuzzer);
    bikeIds = (await apiSnapshot(test.app, test.users.reader, probe)).bikes.map((bike) => bike._id);
  });
  afterAll(() => probe?.close());

  /** Routes like sign-out end the fuzzer's session whatever the body: sign in again. */
  async function keepSignedIn() {
    const session = await test.app.inject({
      url: "/api/auth/get-session",
      headers: { cookie },
    });
    if (session.statusCode === 200 && session.json() !== null) return;
    const signIn = await test.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: test.users.fuzzer.email, password: TEST_PASSWORD },
      remoteAddress: `172.16.${(signIns >> 8) & 255}.${signIns++ & 255}`,
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
    cookie = cookiesFrom(signIn);
    // The access token died with the old session: the bearer caller needs one of the new.
    bearer = await accessTokenFor(test.app, { email: test.users.fuzzer.email, cookie });
  }

  async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    if (request.body?.contentType) headers["content-type"] = request.body.contentType;
    if (request.caller === "cookie") {
      headers.cookie = cookie;
      // A browser says where a write comes from; without it better-auth refuses any write.
      headers.origin = test.config.publicUrl;
    }
    if (request.caller === "bearer") headers.authorization = `Bearer ${bearer}`;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("no answer")), ANSWER_WITHIN_MS);
    });
    try {
      sent++;
      return await Promise.race([
        test.app.inject({
          method: request.method as NonNullable<InjectOptions["method"]>,
          url: request.url,
          headers,
          remoteAddress: request.remoteAddress,
          ...(request.body ? { payload: request.body.text } : {}),
        }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends one request and throws, saying what went wrong, if its answer breaks a rule. */
  async function attack(request: FuzzRequest) {
    // Nothing else writes meanwhile: the state after one request is the state before the next.
    const before = (known ??= await probe!.fingerprint());
    const errorsBefore = loggedErrors.length;
    const response = await send(request);
    const answer = `${response.statusCode} ${clip(response.body)}`;
    known = await probe!.fingerprint();
    if (known !== before) {
      throw new Error(`stored data changed; the answer was ${answer}`);
    }
    if (response.statusCode >= 500) throw new Error(`answered ${answer}`);
    if (loggedErrors.length > errorsBefore) {
      const logged = loggedErrors
        .slice(errorsBefore)
        .map((args) => clip(JSON.stringify(args), 300));
      throw new Error(`logged an error (${logged.join("; ")}); the answer was ${answer}`);
    }
    const isApi = request.url.startsWith("/api/") || request.url === "/api";
    if (isApi && response.statusCode >= 400) {
      const json = /^application\/json/.test(String(response.headers["content-type"]));
      let parsed: unknown;
      try {
        parsed = JSON.parse(response.body);
      } catch {
        parsed = undefined;
      }
      if (!json || !apiErrorSchema.safeParse(parsed).success) {
        throw new Error(
          `error not in the API's shape (${response.headers["content-type"]}): ${answer}`,
        );
      }
    }
    if (
      request.caller === "cookie" &&
      request.method !== "GET" &&
      request.url.startsWith("/api/auth")
    ) {
      await keepSignedIn();
    }
  }

  /** Runs one property; fast-check's report if a request broke a rule. */
  async function fuzz(
    label: string,
    requests: fc.Arbitrary<FuzzRequest>,
    runs: number,
    seed: number,
  ) {
    const property = fc.asyncProperty(fc.limitShrink(requests, MAX_SHRINKS), attack);
    const details = await fc.check(property, { numRuns: runs, seed });
    if (!details.failed) return undefined;
    const error = details.errorInstance;
    const why = error instanceof Error ? error.message : String(error);
    return `${label} (FUZZ_SEED=${SEED}): ${why}\n${fc.defaultReportMessage(details)}`;
  }

  /** Fuzzes each property in turn, then checks the API shows the same stock as before. */
  async function fuzzAll(
    properties: { label: string; requests: fc.Arbitrary<FuzzRequest> }[],
    runs: number,
  ) {
    // better-auth warns on every failed sign-in: nothing may print. What it logs as an error
    // fails the request that caused it.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      loggedErrors.push(args);
    });
    const reader = test.users.reader;
    known = undefined;
    const before = await apiSnapshot(test.app, reader, probe!);
    const failures: string[] = [];
    for (const [index, { label, requests }] of properties.entries()) {
      const failure = await fuzz(label, requests, runs, SEED + index);
      if (failure) failures.push(failure);
    }
    expect.soft(failures.join("\n\n")).toBe("");
    expect.soft(await apiSnapshot(test.app, reader, probe!)).toEqual(before);
  }

  const eachTarget = (group: FuzzTarget[]) =>
    group.map((target) => ({
      label: `${target.method} ${target.path}`,
      requests: badRequestsFor(target, bikeIds),
    }));

  it("refuses every bad request to our API", async () => {
    await fuzzAll(eachTarget(targets!.api), RUNS.api);
  }, 120_000);

  it("refuses every bad request to better-auth's endpoints", async () => {
    await fuzzAll(eachTarget(targets!.auth), RUNS.auth);
  }, 120_000);

  it("refuses every bad request to the web app, the API reference and unrouted methods", async () => {
    // One property for them all: hundreds of static files differ in nothing but their names.
    const requests = fc.oneof(...targets!.rest.map((target) => badRequestsFor(target, bikeIds)));
    await fuzzAll([{ label: "web app, API reference, unrouted methods", requests }], RUNS.rest);
  }, 120_000);

  it("sent at least 2,000 requests", () => {
    expect(sent).toBeGreaterThanOrEqual(2_000);
  });
});
