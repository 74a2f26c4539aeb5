import {
  accountNameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@ultimate-bikes/contract/account-forms";
import { emailSchema } from "@ultimate-bikes/contract/email";
import type { ApiError, FieldError } from "@ultimate-bikes/contract/errors";
import { passwordStrengthProblem } from "@ultimate-bikes/contract/password-strength";
import { safeText, unsafeTextProblem } from "@ultimate-bikes/contract/safe-text";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { STATUS_CODES } from "node:http";
import type { z } from "zod";
import { HttpError } from "../plugins/errors.ts";
import type { Auth } from "./auth.ts";

/*
 * The bridge between Fastify and better-auth, which owns everything under /api/auth. It hands
 * better-auth the request's own bytes (never a re-serialised copy of what the client sent), after
 * holding every text field to the contract's rules, and answers better-auth's errors in the API's
 * one error shape.
 */

/** A JSON body as it arrived, and what it parses to (for the checks; better-auth parses its own). */
interface RawJsonBody {
  raw: Buffer;
  parsed: unknown;
}

/** The longest text better-auth takes in a field we have no narrower rule for (tokens, URLs…). */
const AUTH_TEXT_MAX = 2000;

const otherText = safeText(AUTH_TEXT_MAX, { trim: false, required: false });
const passwordText = safeText(PASSWORD_MAX_LENGTH, {
  trim: false,
  required: false,
  tooLong: `must be at most ${PASSWORD_MAX_LENGTH} characters`,
});

/** Fields of better-auth's request bodies that have a rule of their own. */
const fieldRules: Record<string, z.ZodType<string>> = {
  name: accountNameSchema,
  email: emailSchema,
  newEmail: emailSchema,
  password: passwordText,
  newPassword: passwordText,
  currentPassword: passwordText,
};

/** The endpoints that set a password, and the body field that carries it. */
const newPasswordFields: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

function fieldProblems(
  where: "body" | "querystring",
  values: Record<string, unknown>,
): FieldError[] {
  return Object.entries(values).flatMap(([key, value]) => {
    // A repeated query parameter arrives as a list: each of its values is held to the rule.
    const texts = (Array.isArray(value) ? value : [value]).filter(
      (text): text is string => typeof text === "string",
    );
    const rule = (where === "body" && fieldRules[key]) || otherText;
    const message = texts
      .map((text) => rule.safeParse(text).error?.issues[0]?.message)
      .find((problem) => problem !== undefined);
    return message ? [{ field: `${where}.${key}`, message }] : [];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What is wrong with a request to better-auth, field by field: its path, its query's text, its
 * body's text (top level: better-auth takes no nested text), and a new password too easy to guess.
 */
async function requestProblems(
  endpoint: string,
  query: unknown,
  body: unknown,
  account: () => Promise<readonly string[]>,
): Promise<FieldError[]> {
  const pathProblem = unsafeTextProblem(endpoint);
  if (pathProblem) return [{ field: "url", message: pathProblem }];
  const problems = [
    ...(isRecord(query) ? fieldProblems("querystring", query) : []),
    ...(isRecord(body) ? fieldProblems("body", body) : []),
  ];
  if (problems.length || !isRecord(body)) return problems;

  const passwordField = newPasswordFields[endpoint];
  const password = passwordField ? body[passwordField] : undefined;
  // A short one is better-auth's to refuse, with its own message.
  if (typeof password !== "string" || password.length < PASSWORD_MIN_LENGTH) return [];
  // What the account says of itself: the form's email and name, or the signed-in account's.
  const personal = [body.email, body.name, ...(await account())].filter(
    (text) => typeof text === "string",
  );
  const weakness = await passwordStrengthProblem(password, personal);
  return weakness ? [{ field: `body.${passwordField}`, message: weakness }] : [];
}

function sendAuthError(reply: FastifyReply, statusCode: number, message: string, code?: string) {
  const body: ApiError = { statusCode, error: STATUS_CODES[statusCode] ?? "Error", message };
  if (code) body.code = code;
  return reply.code(statusCode).type("application/json; charset=utf-8").send(body);
}

/** better-auth's error body, `{message, code}`, or nothing when it sent none (its 404s). */
function authErrorDetail(text: string): { message?: string; code?: string } {
  try {
    const detail: unknown = JSON.parse(text);
    if (!isRecord(detail)) return {};
    return {
      message: typeof detail.message === "string" && detail.message ? detail.message : undefined,
      code: typeof detail.code === "string" && detail.code ? detail.code : undefined,
    };
  } catch {
    return {};
  }
}

// Headers that describe the body better-auth sent, not the one we send instead.
const BODY_HEADERS = new Set([
  "content-length",
  "content-type",
  "content-encoding",
  "transfer-encoding",
]);

/** Hands a Fastify request to better-auth as a web Request and copies its answer back. */
async function forwardToAuth(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  clientIpHeader: string,
) {
  const endpoint = `/${(request.params as { "*"?: string })["*"] ?? ""}`;
  const body = request.body as RawJsonBody | undefined;
  const headers = fromNodeHeaders(request.headers);
  // A password changed while signed in is held against the account's own email and name too.
  const account = async () => {
    if (endpoint !== "/change-password") return [];
    const session = await auth.api.getSession({ headers });
    return session ? [session.user.email, session.user.name] : [];
  };
  const problems = await requestProblems(endpoint, request.query, body?.parsed, account);
  if (problems.length) {
    const message = problems.map((problem) => `${problem.field}: ${problem.message}`).join("; ");
    throw new HttpError(400, message, { fields: problems });
  }

  headers.set(clientIpHeader, request.ip);
  const hasBody = body !== undefined && request.method !== "GET" && request.method !== "HEAD";
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers,
      // The bytes the client sent, so nothing of ours ever serialises its JSON again.
      body: hasBody ? new Uint8Array(body.raw) : undefined,
    }),
  );

  const isError = response.status >= 400;
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && !(isError && BODY_HEADERS.has(name))) reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!isError) {
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
  }

  // Every error in the API's one shape; better-auth's browser client reads `message` and `code`.
  const detail = authErrorDetail(await response.text());
  if (response.status >= 500) {
    request.log.error({ status: response.status, detail }, "the account service failed");
    return sendAuthError(
      reply,
      response.status,
      "Something went wrong on our side. Please try again.",
    );
  }
  const message =
    detail.message ??
    (response.status === 404
      ? `Route ${request.method}:${request.url.split("?")[0]} not found`
      : (STATUS_CODES[response.status] ?? "Error"));
  return sendAuthError(reply, response.status, message, detail.code);
}

/**
 * `GET, POST /api/auth/*`, handed to better-auth, in its own plugin: its JSON body parser keeps
 * the raw bytes, which the rest of the API has no use for.
 */
export async function authBridgeRoutes(
  app: FastifyInstance,
  options: { auth: Auth; publicUrl: string; clientIpHeader: string },
) {
  // Fastify's own JSON parser checks the body (and refuses `__proto__` and `constructor` keys);
  // better-auth then gets the bytes themselves.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, raw, done) => {
    const buffer = raw as Buffer;
    if (buffer.length === 0) return done(null, undefined);
    parseJson(request, buffer.toString("utf8"), (error, parsed) => {
      if (error) return done(error, undefined);
      done(null, { raw: buffer, parsed } satisfies RawJsonBody);
    });
  });

  app.route({
    method: ["GET", "POST"],
    // Mounted under /api, so this is AUTH_BASE_PATH.
    url: "/auth/*",
    schema: { hide: true },
    handler: (request, reply) =>
      forwardToAuth(options.auth, request, reply, options.publicUrl, options.clientIpHeader),
  });
}
