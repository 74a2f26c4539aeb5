// Over 300 lines: a complete Server-Sent Events reader (the wire format, reconnection, waiting for an event) for the tests and benchmarks.
/**
 * A small Server-Sent Events client for the API tests: it reads a stream with
 * Node's fetch and parses it as the HTML standard says an EventSource does (fields `event`, `data`,
 * `id`, `retry`; several `data` lines joined by a line feed; `:` comments; lines ending in CRLF, LF
 * or CR, even when a chunk splits them). Unlike EventSource it never reconnects by itself, so a
 * test sees exactly what one connection carried. It scans each chunk with indexOf, never per
 * character.
 */

/** One dispatched event. */
export interface ServerSentEvent {
  /** The `event:` field, or "message" when the block had none. */
  event: string;
  /** The `id:` field of this block, or undefined when it had none (see EventStream.lastEventId). */
  id: string | undefined;
  /** The `data:` lines, joined by "\n". */
  data: string;
  /** The `retry:` field of this block, in milliseconds, when it had a valid one. */
  retry?: number;
}

export type EventMatcher = string | ((event: ServerSentEvent) => boolean);

export interface EventStreamOptions {
  /** Sent as the `Last-Event-ID` header, as EventSource does when it reconnects. */
  lastEventId?: string | number;
  headers?: Record<string, string>;
  /** How long to wait for the response headers. */
  connectTimeoutMs?: number;
}

export interface EventStream {
  readonly url: string;
  /** The response's status and headers (the body is being read as events). */
  readonly status: number;
  readonly headers: Headers;
  /** Every event received so far, oldest first. */
  readonly events: readonly ServerSentEvent[];
  /** How many comment lines (`: keep-alive`) arrived. */
  readonly comments: number;
  /** The stream's last event id, as EventSource keeps it: the latest `id:` field seen. */
  readonly lastEventId: string;
  /** The latest valid `retry:` field, in milliseconds. */
  readonly retry: number | undefined;
  /** Set once the server ended the stream, it failed, or close() was called. */
  readonly ended: boolean;
  /**
   * Resolves with the next event after those already taken by next() that matches (an event type,
   * or a predicate; any event when left out). Events passed over are taken too. Rejects when
   * nothing matches within `timeoutMs`, or when the stream ends first.
   */
  next(match?: EventMatcher, timeoutMs?: number): Promise<ServerSentEvent>;
  /** Stops reading and drops the connection. */
  close(): void;
}

const DEFAULT_NEXT_TIMEOUT_MS = 5000;
const LF = 10;
const CR = 13;

/** The parser of the standard's "event stream interpretation", fed with decoded text. */
class EventStreamParser {
  comments = 0;
  lastEventId = "";
  retry: number | undefined;
  #pending = "";
  #atStart = true;
  #skipLineFeed = false;
  #data = "";
  #hasData = false;
  #eventType = "";
  #blockId: string | undefined;
  #blockRetry: number | undefined;
  readonly #dispatch: (event: ServerSentEvent) => void;

  constructor(dispatch: (event: ServerSentEvent) => void) {
    this.#dispatch = dispatch;
  }

  push(text: string): void {
    let input = this.#pending ? this.#pending + text : text;
    this.#pending = "";
    if (this.#atStart && input.length > 0) {
      this.#atStart = false;
      if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
    }
    let start = 0;
    if (this.#skipLineFeed && input.charCodeAt(0) === LF) start = 1;
    this.#skipLineFeed = false;
    // The next LF and CR at or after `start`, found once and reused until passed.
    let nextLf = input.indexOf("\n", start);
    let nextCr = input.indexOf("\r", start);
    while (start < input.length) {
      if (nextLf !== -1 && nextLf < start) nextLf = input.indexOf("\n", start);
      if (nextCr !== -1 && nextCr < start) nextCr = input.indexOf("\r", start);
      let end: number;
      if (nextLf === -1) end = nextCr;
      else if (nextCr === -1) end = nextLf;
      else end = Math.min(nextLf, nextCr);
      if (end === -1) break;
      this.#line(input, start, end);
      if (input.charCodeAt(end) === CR) {
        if (end + 1 === input.length) {
          // The LF of a CRLF may come in the next chunk.
          this.#skipLineFeed = true;
          start = end + 1;
          break;
        }
        start = input.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
      } else {
        start = end + 1;
      }
    }
    if (start < input.length) this.#pending = input.slice(start);
  }

  #line(input: string, start: number, end: number): void {
    if (start === end) return this.#dispatchBlock();
    const colon = input.indexOf(":", start);
    if (colon === start) {
      this.comments++;
      return;
    }
    let field: string;
    let value: string;
    if (colon === -1 || colon > end) {
      field = input.slice(start, end);
      value = "";
    } else {
      field = input.slice(start, colon);
      const valueStart =
        input.charCodeAt(colon + 1) === 32 && colon + 1 < end ? colon + 2 : colon + 1;
      value = input.slice(valueStart, end);
    }
    switch (field) {
      case "data":
        this.#data = this.#hasData ? `${this.#data}\n${value}` : value;
        this.#hasData = true;
        break;
      case "event":
        this.#eventType = value;
        break;
      case "id":
        if (!value.includes("\0")) {
          this.lastEventId = value;
          this.#blockId = value;
        }
        break;
      case "retry":
        if (value.length > 0 && /^\d+$/.test(value)) {
          this.retry = Number(value);
          this.#blockRetry = this.retry;
        }
        break;
      default:
      // The standard ignores other fields.
    }
  }

  #dispatchBlock(): void {
    const hasData = this.#hasData;
    const event: ServerSentEvent = {
      event: this.#eventType || "message",
      id: this.#blockId,
      data: this.#data,
    };
    if (this.#blockRetry !== undefined) event.retry = this.#blockRetry;
    this.#data = "";
    this.#hasData = false;
    this.#eventType = "";
    this.#blockId = undefined;
    this.#blockRetry = undefined;
    // A block without data dispatches nothing (it may still have set the id or retry).
    if (hasData) this.#dispatch(event);
  }
}

const describeMatcher = (match: EventMatcher | undefined) =>
  match === undefined
    ? "an event"
    : typeof match === "string"
      ? `a "${match}" event`
      : "an event matching the predicate";

const shorten = (text: string, max = 160) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/**
 * Opens `url` as an event stream: resolves once the response headers arrived (whatever the
 * status, so a test can check a refusal), then reads the body in the background.
 */
export async function openEventStream(
  url: string | URL,
  options: EventStreamOptions = {},
): Promise<EventStream> {
  const href = String(url);
  const controller = new AbortController();
  const headers: Record<string, string> = {
    accept: "text/event-stream",
    "cache-control": "no-cache",
    ...options.headers,
  };
  if (options.lastEventId !== undefined) headers["last-event-id"] = String(options.lastEventId);

  const connectTimeout = setTimeout(
    () => controller.abort(new Error(`no response from ${href}`)),
    options.connectTimeoutMs ?? 10_000,
  );
  let response: Response;
  try {
    response = await fetch(href, { headers, signal: controller.signal });
  } finally {
    clearTimeout(connectTimeout);
  }

  const events: ServerSentEvent[] = [];
  let taken = 0;
  let ended = false;
  let endReason = "";
  let waiter: (() => void) | undefined;
  const wake = () => waiter?.();

  const parser = new EventStreamParser((event) => {
    events.push(event);
    wake();
  });

  const end = (reason: string) => {
    if (ended) return;
    ended = true;
    endReason = reason;
    wake();
  };

  const read = async () => {
    if (!response.body) return end("the response has no body");
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        parser.push(decoder.decode(chunk, { stream: true }));
      }
      end("the server ended the stream");
    } catch (error) {
      end(
        controller.signal.aborted
          ? "the stream was closed"
          : `reading failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  void read();

  const matches = (match: EventMatcher | undefined, event: ServerSentEvent) =>
    match === undefined || (typeof match === "string" ? event.event === match : match(event));

  const next = (match?: EventMatcher, timeoutMs = DEFAULT_NEXT_TIMEOUT_MS) => {
    if (waiter) return Promise.reject(new Error("next() is already waiting on this stream"));
    return new Promise<ServerSentEvent>((resolve, reject) => {
      const passedOver = taken;
      const finish = (outcome: () => void) => {
        clearTimeout(timer);
        waiter = undefined;
        outcome();
      };
      const recent = () =>
        events
          .slice(Math.max(passedOver, events.length - 5))
          .map((event) => `${event.event} #${event.id ?? "-"} ${shorten(event.data)}`)
          .join("\n  ");
      const check = () => {
        while (taken < events.length) {
          const event = events[taken++]!;
          if (matches(match, event)) return finish(() => resolve(event));
        }
        if (ended) {
          finish(() =>
            reject(new Error(`${href}: ${endReason} before ${describeMatcher(match)} arrived`)),
          );
        }
      };
      const timer = setTimeout(() => {
        const passed = taken - passedOver;
        finish(() =>
          reject(
            new Error(
              `${href}: no ${describeMatcher(match).replace(/^an? /, "")} within ${timeoutMs} ms` +
                ` (${passed} other events passed over${passed ? `, the last ones:\n  ${recent()}` : ""})`,
            ),
          ),
        );
      }, timeoutMs);
      waiter = check;
      check();
    });
  };

  return {
    url: href,
    status: response.status,
    headers: response.headers,
    events,
    get comments() {
      return parser.comments;
    },
    get lastEventId() {
      return parser.lastEventId;
    },
    get retry() {
      return parser.retry;
    },
    get ended() {
      return ended;
    },
    next,
    close() {
      if (!ended) controller.abort();
      end("the stream was closed");
    },
  };
}
