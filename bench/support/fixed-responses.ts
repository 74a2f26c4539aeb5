/** What the baseline server answers: one response per route, passed to it as a JSON file. */
export interface FixedResponse {
  /** A Fastify route pattern, so the baseline pays for the same kind of routing as the app. */
  route: string;
  contentType: string;
  body: Buffer;
}

interface StoredFixedResponse {
  route: string;
  contentType: string;
  bodyBase64: string;
}

export function writeFixedResponses(responses: FixedResponse[]): string {
  const stored: StoredFixedResponse[] = responses.map(({ route, contentType, body }) => ({
    route,
    contentType,
    bodyBase64: body.toString("base64"),
  }));
  return JSON.stringify(stored);
}

export function readFixedResponses(json: string): FixedResponse[] {
  const stored = JSON.parse(json) as StoredFixedResponse[];
  return stored.map(({ route, contentType, bodyBase64 }) => ({
    route,
    contentType,
    body: Buffer.from(bodyBase64, "base64"),
  }));
}
