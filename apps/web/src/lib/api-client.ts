import { apiErrorSchema, type FieldError } from "@ultimate-bikes/contract/errors";
import { API_BASE_PATH } from "@ultimate-bikes/contract/paths";
import type { z } from "zod";

/** A failed API call, carrying the server's readable message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls our API and checks the answer against the shared contract. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  { method = "GET", body, headers = {} }: RequestOptions = {},
): Promise<z.infer<Schema>> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, "Cannot reach the server. Check your connection and try again.");
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = apiErrorSchema.safeParse(payload);
    throw error.success
      ? new ApiRequestError(response.status, error.data.message, error.data.fields)
      : new ApiRequestError(response.status, `The server answered ${response.status}.`);
  }
  return schema.parse(payload);
}
