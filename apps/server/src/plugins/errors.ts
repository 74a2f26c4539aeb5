import { apiErrorSchema, type ApiError, type FieldError } from "@ultimate-bikes/contract/errors";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { STATUS_CODES } from "node:http";

/** An error a handler throws on purpose; the error handler turns it into the API's JSON shape. */
type ErrorDetails = Pick<ApiError, "fields" | "currentQuantity">;

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
  { fields, currentQuantity }: ErrorDetails = {},
) {
  const body: ApiError = { statusCode, error: STATUS_CODES[statusCode] ?? "Error", message };
  if (fields?.length) body.fields = fields;
  if (currentQuantity !== undefined) body.currentQuantity = currentQuantity;
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
    if (statusCode >= 500) {
      request.log.error({ err: error }, "request failed");
      return sendError(reply, statusCode, "Something went wrong on our side. Please try again.");
    }
    // Fastify's own client errors (malformed JSON, wrong content type, body too large…).
    return sendError(reply, statusCode, error.message);
  });
});
