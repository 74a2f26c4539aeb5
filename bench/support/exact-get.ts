import http from "node:http";

export interface ExactResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * GET with no Accept-Encoding, as autocannon sends it, so the bytes are exactly those the load
 * test receives (fetch would ask for gzip and hand back a decompressed copy).
 */
export function exactGet(origin: string, path: string): Promise<ExactResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(path, origin),
      { agent: false, timeout: 10_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers["content-type"] ?? "",
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`GET ${path} timed out`)));
    request.on("error", reject);
  });
}
