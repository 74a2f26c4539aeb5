import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import { randomBytes, randomUUID } from "node:crypto";

/**
 * The PUBLIC_URL a benchmark gives the app: the origin better-auth trusts, which the sign-up sends
 * as its Origin. The server itself listens on a free port.
 */
export const BENCH_PUBLIC_URL = "http://localhost:3000";

/** A signed-in user of the app under test: the cookie header a browser would send back. */
export interface Session {
  origin: string;
  cookie: string;
}

/** The stock disagrees with the answers the clients got. */
export class ExactnessError extends Error {
  override name = "ExactnessError";
  constructor(problem: string) {
    super(`EXACTNESS CHECK FAILED: ${problem}`);
  }
}

async function call(
  origin: string,
  method: "GET" | "POST",
  urlPath: string,
  expectedStatus: number,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Response> {
  const response = await fetch(new URL(urlPath, origin), {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== expectedStatus) {
    throw new Error(`${method} ${urlPath} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/**
 * Registers a new user through better-auth's own endpoints, then signs in (sign-up signs nobody
 * in: docs/decisions/012) and keeps the session cookie. Sign-up is limited to 10 a minute per
 * client address; a benchmark needs one per server. better-auth refuses both without the Origin
 * a browser would send: the app's PUBLIC_URL.
 */
export async function signUp(origin: string): Promise<Session> {
  const credentials = {
    email: `bench-${randomUUID().slice(0, 8)}@example.com`,
    password: randomBytes(18).toString("base64url"),
  };
  const headers = { origin: BENCH_PUBLIC_URL };
  await call(origin, "POST", "/api/auth/sign-up/email", 200, {
    headers,
    body: { name: "Benchmark Staff", ...credentials },
  });
  const response = await call(origin, "POST", "/api/auth/sign-in/email", 200, {
    headers,
    body: credentials,
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error("sign-in set no session cookie");
  return { origin, cookie };
}

/** Adds a bike owned by the session's user and returns its id. */
export async function addBike(session: Session, name: string, quantity: number): Promise<string> {
  const response = await call(session.origin, "POST", "/api/bikes", 201, {
    headers: { cookie: session.cookie },
    body: newBikeBody({ name, quantity }),
  });
  const { insertedId } = (await response.json()) as { insertedId?: unknown };
  if (typeof insertedId !== "string") throw new Error("POST /api/bikes returned no insertedId");
  return insertedId;
}

/** The stored quantity, as anyone reads it. */
export async function quantityOf(origin: string, id: string): Promise<number> {
  const response = await call(origin, "GET", `/api/bikes/${id}`, 200);
  const { quantity } = (await response.json()) as { quantity?: unknown };
  if (typeof quantity !== "number") throw new Error(`GET /api/bikes/${id} returned no quantity`);
  return quantity;
}
