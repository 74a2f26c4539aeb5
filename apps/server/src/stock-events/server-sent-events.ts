/** The wire format of Server-Sent Events (WHATWG HTML, section 9.2). */

export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  // Each event must reach the client as it is written: no caching, no compression, and no
  // buffering by a proxy in front (nginx reads X-Accel-Buffering).
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
  connection: "keep-alive",
} as const;

/** One message. `data` must be a single line: JSON.stringify never writes a line break. */
export function eventMessage(event: string, id: number, data: string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;
}

/** A comment: clients ignore it, but it keeps idle connections open through proxies. */
export const KEEP_ALIVE = ": keep-alive\n\n";

export const retryMessage = (milliseconds: number) => `retry: ${milliseconds}\n\n`;
