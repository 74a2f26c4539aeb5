import { apiErrorSchema, type FieldError } from "@ultimate-bikes/contract/errors";
import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import { API_BASE_PATH } from "@ultimate-bikes/contract/paths";
import type { z } from "zod";
import { behindStream, caughtUp } from "./ledger-position";

/** What a person reads when the server failed without saying anything they could act on. */
export const SERVER_PROBLEM = "The server had a problem. Try again.";
export const REQUEST_REFUSED = "The server could not do that. Reload the page and try again.";
export const CANNOT_REACH_SERVER = "Cannot reach the server. Check your connection and try again.";
export const ANSWER_NOT_UNDERSTOOD =
  "The server's answer was not what this page expected. Reload the page and try again.";

/** How much of an unexpected answer's body the details keep. */
const DETAIL_BODY_MAX = 200;

/**
 * A failed API call. `message` is for people: the server's own words when it wrote some for them,
 * plain words otherwise. `detail` is the technical account (status, the server's text), for a
 * "Details" line and for bug reports.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: FieldError[] = [],
    readonly detail?: string,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its content type (a CSV file, a photo), instead of a JSON body. */
  raw?: { type: string; content: string | Blob };
  headers?: Record<string, string>;
}

/** The request's body and the content type that goes with it. */
function payloadOf({ body, raw }: RequestOptions) {
  if (raw) return raw;
  if (body === undefined) return undefined;
  return { type: "application/json", content: JSON.stringify(body) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error a refusal becomes: the API's message unless it is only the status's name. */
function refusal(response: Response, text: string): ApiRequestError {
  const status = `${response.status} ${response.statusText}`.trim();
  const error = apiErrorSchema.safeParse(parseJson(text));
  if (!error.success) {
    const body = text.trim().slice(0, DETAIL_BODY_MAX);
    const plain = response.status >= 500 ? SERVER_PROBLEM : REQUEST_REFUSED;
    return new ApiRequestError(response.status, plain, [], body ? `${status}: ${body}` : status);
  }
  const { message, fields } = error.data;
  const detail = `${status}: ${message}`;
  // "Internal Server Error" and the like name a status; they tell nobody what to do.
  const forPeople = message.trim() !== "" && message !== error.data.error;
  if (forPeople) return new ApiRequestError(response.status, message, fields, detail);
  const plain = response.status >= 500 ? SERVER_PROBLEM : REQUEST_REFUSED;
  return new ApiRequestError(response.status, plain, fields, detail);
}

/** The ledger position a stock read's data reflects (lib/ledger-position.ts), if it says one. */
function ledgerPositionOf(response: Response): number | undefined {
  const value = response.headers.get(LEDGER_POSITION_HEADER);
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

async function send(path: string, options: RequestOptions) {
  const { method = "GET", headers = {} } = options;
  const payload = payloadOf(options);
  try {
    const response = await fetch(`${API_BASE_PATH}${path}`, {
      method,
      credentials: "same-origin",
      headers: payload ? { "content-type": payload.type, ...headers } : headers,
      body: payload?.content,
    });
    const text = await response.text();
    return { response, text, position: response.ok ? ledgerPositionOf(response) : undefined };
  } catch (failure) {
    throw new ApiRequestError(0, CANNOT_REACH_SERVER, [], (failure as Error).message);
  }
}

/** Calls our API and checks the answer against the shared contract. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<z.infer<Schema>> {
  const { method = "GET" } = options;
  let { response, text, position } = await send(path, options);
  // Older than where the live stream started: what happened in between will never reach this
  // tab, so ask once more; the next answer is read after that point (lib/ledger-position.ts).
  if (method === "GET" && position !== undefined && behindStream(position)) {
    ({ response, text, position } = await send(path, options));
  }
  if (!response.ok) throw refusal(response, text);
  const answer = schema.safeParse(parseJson(text));
  if (!answer.success) {
    const problems = answer.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ApiRequestError(
      response.status,
      ANSWER_NOT_UNDERSTOOD,
      [],
      `${method} ${path}: ${problems.join("; ")}`.slice(0, DETAIL_BODY_MAX * 2),
    );
  }
  const data = answer.data as z.infer<Schema>;
  return position === undefined ? data : caughtUp(position, schema, data);
}
