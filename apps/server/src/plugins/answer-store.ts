import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";

/** What a cached route serialized, before any compression: what the pipeline replays. */
export interface SerializedAnswer {
  body: Buffer;
  contentType: string;
  /** Its ETag, worked out once when it was kept. */
  etag: string;
  /** The Ledger-Position read before the data (plugins/ledger-position.ts), if the route has one. */
  ledgerPosition?: string;
}

/** What the whole pipeline sent: every header and the (maybe compressed) bytes. */
export interface SentAnswer {
  body: Buffer;
  /** Every header the pipeline set, the exact Content-Length and the Ledger-Position among them. */
  headers: OutgoingHttpHeaders;
  /** The same, without what describes a body: the answer to a matching If-None-Match. */
  notModifiedHeaders: OutgoingHttpHeaders;
  etag: string;
  /** The route that made it (`/api/bikes/:id`): the metrics count a replay as that route's. */
  route: string;
}

export interface AnswerStoreLimits {
  /** URLs kept. */
  maxEntries: number;
  /** Bytes kept, every form of every URL together. */
  maxBytes: number;
}

/** Enough for every page and filter people are looking at, at a few MB of JSON. */
const DEFAULT_LIMITS: AnswerStoreLimits = { maxEntries: 2000, maxBytes: 32 * 1024 * 1024 };

/**
 * Sent forms kept per URL. Vary names request headers a client chooses (Accept-Encoding, Origin),
 * so without a bound one URL could grow without end; browsers send a handful of values.
 */
const MAX_SENT_FORMS = 8;

/** A sent answer and the request headers its Vary named, with the values they had. */
interface SentForm {
  varies: [name: string, value: string][];
  answer: SentAnswer;
}

interface Entry {
  serialized?: SerializedAnswer;
  sent: SentForm[];
  bytes: number;
}

/** A header's value as compared: absent and empty are one, repeated ones are joined. */
const headerValue = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
};

/** The request headers an answer's Vary names, lowercased; undefined for `Vary: *`. */
function varyNames(headers: OutgoingHttpHeaders): string[] | undefined {
  const vary = headers.vary;
  const names = (Array.isArray(vary) ? vary.join(",") : String(vary ?? ""))
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return names.includes("*") ? undefined : names;
}

const matches = (form: SentForm, headers: IncomingHttpHeaders) =>
  form.varies.every(([name, value]) => headerValue(headers, name) === value);

const sameVaries = (a: SentForm, b: SentForm) =>
  a.varies.length === b.varies.length &&
  a.varies.every(
    ([name, value], index) => b.varies[index]?.[0] === name && b.varies[index][1] === value,
  );

/**
 * The read cache's one memory (docs/decisions/025): per URL, the route's serialized answer
 * (which the pipeline replays through its hooks) and the forms the pipeline sent (which the
 * stored-answer door replays before Fastify), all of one stock version. A sent form is given
 * only to a request whose headers named by its `Vary` have the values of the request it was
 * sent to: the headers that decide its bytes and headers (compression, CORS) are then the same.
 * Least recently used URLs go first, within a URL count and a byte budget; a URL whose forms
 * together exceed a quarter of the budget keeps no more, so one huge list cannot push out
 * everything else.
 */
export function createAnswerStore({ maxEntries, maxBytes }: AnswerStoreLimits = DEFAULT_LIMITS) {
  let version = -Infinity;
  let bytes = 0;
  const entries = new Map<string, Entry>();

  /** A newer version makes every stored answer stale at once. */
  function moveTo(newVersion: number) {
    if (newVersion <= version) return;
    version = newVersion;
    entries.clear();
    bytes = 0;
  }

  /** The URL's entry at `currentVersion`, now the most recently used. */
  function lookUp(url: string, currentVersion: number): Entry | undefined {
    moveTo(currentVersion);
    if (currentVersion !== version) return undefined;
    const entry = entries.get(url);
    if (entry) {
      // Map keeps insertion order: re-inserting makes it the most recently used.
      entries.delete(url);
      entries.set(url, entry);
    }
    return entry;
  }

  /** Room for `added` more bytes under `url`, read at `readVersion`, or nothing to keep. */
  function entryFor(url: string, readVersion: number, added: number): Entry | undefined {
    moveTo(readVersion);
    if (readVersion !== version) return undefined;
    const entry = lookUp(url, readVersion) ?? { sent: [], bytes: 0 };
    if (entry.bytes + added > maxBytes / 4) return undefined;
    entries.set(url, entry);
    return entry;
  }

  function account(entry: Entry, change: number) {
    entry.bytes += change;
    bytes += change;
    for (const [oldestUrl, oldest] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      entries.delete(oldestUrl);
      bytes -= oldest.bytes;
    }
  }

  return {
    /** The route's serialized answer for `url` at `currentVersion`, if kept. */
    serialized: (url: string, currentVersion: number) => lookUp(url, currentVersion)?.serialized,

    /** What the pipeline sent for `url` at `currentVersion` to a request like this one. */
    sent(url: string, currentVersion: number, headers: IncomingHttpHeaders) {
      return lookUp(url, currentVersion)?.sent.find((form) => matches(form, headers))?.answer;
    },

    /** Keeps a route's serialized answer, read at `readVersion`; an older read is dropped. */
    keepSerialized(url: string, readVersion: number, answer: SerializedAnswer) {
      const replaced = entries.get(url)?.serialized?.body.length ?? 0;
      const entry = entryFor(url, readVersion, answer.body.length - replaced);
      if (!entry) return;
      entry.serialized = answer;
      account(entry, answer.body.length - replaced);
    },

    /**
     * Keeps what the pipeline sent to a request with these headers, read at `readVersion`.
     * `alsoVaries` names request headers that decide the answer though its Vary may not say so.
     */
    keepSent(
      url: string,
      readVersion: number,
      headers: IncomingHttpHeaders,
      answer: SentAnswer,
      alsoVaries: readonly string[] = [],
    ) {
      const named = varyNames(answer.headers);
      if (!named) return;
      const names = [...new Set([...named, ...alsoVaries])].sort();
      const form: SentForm = {
        varies: names.map((name) => [name, headerValue(headers, name)]),
        answer,
      };
      const entry = entryFor(url, readVersion, answer.body.length);
      if (!entry) return;
      const stale = entry.sent.findIndex((kept) => sameVaries(kept, form));
      const dropped =
        stale >= 0
          ? entry.sent.splice(stale, 1)
          : entry.sent.length >= MAX_SENT_FORMS
            ? entry.sent.splice(0, 1)
            : [];
      entry.sent.push(form);
      account(entry, answer.body.length - (dropped[0]?.answer.body.length ?? 0));
    },

    /** Whether anything is kept for `url`, whatever its version: no version read needed. */
    has: (url: string) => entries.has(url),

    /** A change signal's version: what was kept for older ones goes now, not at the next read. */
    moveTo,

    get size() {
      return { entries: entries.size, bytes };
    },
  };
}

export type AnswerStore = ReturnType<typeof createAnswerStore>;

/**
 * Bytes to keep and send many times, in memory of their own. A small `Buffer.from` is a slice
 * of Node's shared 8 KiB pool; sending such a slice tens of thousands of times a second kept
 * half of every young generation alive past its collection (measured with --trace-gc: the
 * stored by-id answer then cost a third more CPU).
 */
export function ownBytes(payload: string | Buffer): Buffer {
  const length = Buffer.byteLength(payload);
  const bytes = Buffer.allocUnsafeSlow(length);
  if (typeof payload === "string") bytes.write(payload);
  else payload.copy(bytes);
  return bytes;
}
