import { apiErrorSchema, type ApiError, type FieldError } from "@ultimate-bikes/contract/errors";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { STATUS_CODES } from "node:http";

/** An error a handler throws on purpose; the error handler turns it into the API's JSON shape. */
type ErrorDetails = Pick<ApiError, "fields" | "currentQuantity" | "transfer">;

export class HttpError extends Error {
  readonly statusCode: number;
  readonly details: ErrorDetails;

  constructor(statusCode: number, message: string, details: ErrorDetails = {}) {
    super(message);
    this.statusCode = statusCode;
    this.details = details;
  }
}

/** The error responses a route can give, for its schema (and so for OpenAPI). */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

export const notFound = (message: string) => new HttpError(404, message);

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  { fields, currentQuantity, transfer }: ErrorDetails = {},
) {
  const body: ApiError = { statusCode, error: STATUS_CODES[statusCode] ?? "Error", message };
  if (fields?.length) body.fields = fields;
  if (currentQuantity !== undefined) body.currentQuantity = currentQuantity;
  if (transfer !== undefined) body.transfer = transfer;
  return reply.code(statusCode).type("application/json; charset=utf-8").send(body);
}

function validationFields(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const context = error.validationContext ?? "body";
  return error.validation.flatMap((issue) => {
    const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const at = path ? `${context}.${path}` : context;
    // An unknown field is named itself, so the caller sees which one to drop.
    const unknownKeys =
      issue.keyword === "unrecognized_keys" ? (issue.params.keys as string[]) : [];
    if (unknownKeys.length)
      return unknownKeys.map((key) => ({ field: `${at}.${key}`, message: "is not a known field" }));
    return [{ field: at, message: issue.message ?? "is invalid" }];
  });
}

function describe(fields: FieldError[]): string {
  return fields.map((field) => `${field.field}: ${field.message}`).join("; ");
}

/** How soon a client should try again after a 503 for a database outage (seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node's codes for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * PostgreSQL's SQLSTATEs for "the server is not there for you right now": class 08 (connection
 * exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now) and 53300 (too
 * many connections).
 */
const isPostgresUnavailable = (code: string) =>
  /^08[0-9A-Z]{3}$/.test(code) || ["57P01", "57P02", "57P03", "53300"].includes(code);

/** SQLite's (better-sqlite3's) codes for a locked or failing file, with their extended forms. */
const isSqliteUnavailable = (code: string) =>
  /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL)(_|$)/.test(code);

/** What pg says, without a code, when the server closes a connection under a query. */
const LOST_CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether an error means the database is out of reach (down, restarting, locked, its disk failing)
 * rather than a fault of ours: the request may well succeed soon, so it is a 503, not a 500.
 * Looks through `cause` chains and AggregateErrors (a refused connection to every address).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === "string") {
    if (CONNECTION_CODES.has(code) || isPostgresUnavailable(code) || isSqliteUnavailable(code)) {
      return true;
    }
  }
  if (typeof message === "string" && LOST_CONNECTION_MESSAGE.test(message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Every error leaves the API as `{statusCode, error, message, fields?}`; nothing leaks a stack. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return sendError(reply, error.statusCode, error.message, error.details);
    }
    if (error.validation) {
      // Every path parameter of this API is an id. One its schema refuses names nothing, so it is
      // the same 404 as an unknown id, with the schema's message (docs/decisions/003), never a 400.
      if (error.validationContext === "params") {
        return sendError(reply, 404, error.validation[0]?.message ?? "Not found");
      }
      const fields = validationFields(error);
      return sendError(reply, 400, fields.length ? describe(fields) : error.message, { fields });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500 && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(
        reply,
        503,
        "The database cannot be reached right now. Please try again shortly.",
      );
    }
    if (statusCode >= 500) {
      request.log.error({ err: error }, "request failed");
      return sendError(reply, statusCode, "Something went wrong on our side. Please try again.");
    }
    // Fastify's own client errors (malformed JSON, wrong content type, body too large…).
    return sendError(reply, statusCode, error.message);
  });
});
