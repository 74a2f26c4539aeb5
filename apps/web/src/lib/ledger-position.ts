import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import type { z } from "zod";

/*
 * Where this tab's answers and its live stream stand in the ledger (docs/decisions/023). Stock
 * reads answer with the ledger position their data reflects (lib/api-client.ts reads it), and the
 * stream's events carry the ids of the same ledger (features/bikes/stock-events.ts):
 *
 * - until the stream covers anything, answers are only noted, and its first connection resumes
 *   from the oldest of them: the server replays whatever happened between a screen's reads and
 *   the stream's opening (after the first paint and its code), which would otherwise be lost;
 * - once it does, an answer older than where it started is asked again: what happened before that
 *   point will never be streamed to this tab;
 * - an answer older than events the tab has already applied (a refetch that raced them) is
 *   brought up to them, so it cannot put an older quantity back on screen.
 */

/** Events kept for that; an answer older than all of them is asked again instead. */
export const KEPT_EVENTS = 500;

/** Brings `data`, answered against `schema`, up to `events` (newer than its position), in order. */
export type AnswerReviser = (
  schema: z.ZodType,
  data: unknown,
  events: readonly StockEvent[],
) => unknown;

interface Coverage {
  /** Every movement after this one reaches the tab through the stream, and is kept once it has. */
  from: number;
  events: StockEvent[];
}

let coverage: Coverage | undefined;
/** The oldest position among the answers taken while no stream covered them. */
let oldestUncovered: number | undefined;
/** Events a stream that started from no answer sent before it said where it went live. */
let earlyEvents: StockEvent[] = [];
let reviser: AnswerReviser | undefined;

/** Whether an answer at `position` may lack movements that the stream will never bring. */
export const behindStream = (position: number): boolean =>
  coverage !== undefined && position < coverage.from;

/** An answer at `position`, as it should be kept: noted, or brought up to the events applied since. */
export function caughtUp<Data>(position: number, schema: z.ZodType, data: Data): Data {
  if (!coverage) {
    oldestUncovered = Math.min(oldestUncovered ?? position, position);
    return data;
  }
  const since = coverage.events.filter((event) => event.id > position);
  return since.length > 0 && reviser ? (reviser(schema, data, since) as Data) : data;
}

/** Where the stream's first connection resumes from, if any answer was taken: it covers from there. */
export function streamStart(): number | undefined {
  if (oldestUncovered !== undefined) coverage = { from: oldestUncovered, events: [] };
  oldestUncovered = undefined;
  return coverage?.from;
}

/**
 * The stream went live at `newest`. When it started from no answer, it covers from there, and
 * answers taken while it connected may lack what it did not send or sent before they came: then
 * the answer is true, and they should be asked again.
 */
export function streamLive(newest: number): boolean {
  if (coverage) return false;
  const reached = Math.max(newest, ...earlyEvents.map((event) => event.id));
  coverage = { from: newest, events: earlyEvents.filter((event) => event.id > newest) };
  earlyEvents = [];
  const missed = oldestUncovered !== undefined && oldestUncovered < reached;
  oldestUncovered = undefined;
  return missed;
}

/** The stream skipped everything up to `newest` (a `reset`): it covers only what comes after. */
export function streamReset(newest: number): void {
  coverage = { from: newest, events: [] };
  oldestUncovered = undefined;
  earlyEvents = [];
}

export function streamed(event: StockEvent): void {
  if (!coverage) {
    earlyEvents.push(event);
    return;
  }
  coverage.events.push(event);
  if (coverage.events.length > KEPT_EVENTS) coverage.from = coverage.events.shift()!.id;
}

/**
 * The stream is closed for good. The app's one stream lives as long as the tab; a later one (a
 * test's next render) starts over from the answers it is given.
 */
export function streamStopped(): void {
  coverage = undefined;
  oldestUncovered = undefined;
  earlyEvents = [];
}

/** Answers are revised with `revise` until the returned function is called. */
export function reviseAnswersWith(revise: AnswerReviser): () => void {
  reviser = revise;
  return () => {
    if (reviser === revise) reviser = undefined;
  };
}
