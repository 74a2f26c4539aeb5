import { apiErrorSchema, type ApiError } from "@ultimate-bikes/contract/errors";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/** The response is the API's one error shape, with this status, as JSON. */
export function expectError(response: LightMyRequestResponse, statusCode: number): ApiError {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.headers["content-type"]).toMatch(/application\/json/);
  return apiErrorSchema.parse(response.json());
}

/** The fields a 400 names. */
export const fieldsOf = (response: LightMyRequestResponse) =>
  expectError(response, 400).fields?.map((field) => field.field);
