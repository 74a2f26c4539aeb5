import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";

/** One message as it goes on the wire, and the movement id it carries. */
export interface Message {
  id: number;
  text: string;
  /** When its movement was written to the ledger (epoch ms), for the event-delay metric. */
  writtenAt?: number;
}

/** Messages in id order, serialized and encoded once for every stream. */
export interface Batch {
  firstId: number;
  lastId: number;
  /** The messages as UTF-8, written as they are to every stream that has seen none of them. */
  bytes: Buffer;
  messages: Message[];
}

export function toBatch(messages: Message[]): Batch {
  return {
    firstId: messages[0]!.id,
    lastId: messages.at(-1)!.id,
    bytes: Buffer.from(messages.map((message) => message.text).join("")),
    messages,
  };
}

/**
 * While the event loop is busy, the fan-out may take this share of it: after sending, it waits
 * nine times as long as sending took before it sends again, and what commits meanwhile goes out
 * together. Writing to thousands of sockets costs about as much for one event as for a hundred,
 * so this bounds the fan-out's cost however fast the writes come, and the writes' answers, which
 * need the event loop too, keep their pace (docs/performance.md, issue 20).
 */
const FAN_OUT_SHARE = 0.1;
/**
 * A pause ends early, when a change arrives, if the event loop has been busy less than this share
 * of the time since the last fan-out: requests are not queueing for it then (a saturated loop is
 * busy nearly all the time; on PostgreSQL, where it also waits on the database, 0.87 of it at the
 * median), so the change goes at once, as paced writes to a thousand streams need (issue 10).
 */
const IDLE_LOOP_UTILIZATION = 0.75;
/** However many streams are open, a change waits at most this long for a pause to end. */
const MAX_PAUSE_MS = 1_000;
/** Streams written to in one turn of the event loop: requests are served between slices. */
const SLICE = 100;

export interface FanOutOptions<Target> {
  /** The streams to write to, taken when a fan-out starts. */
  targets(): Iterable<Target>;
  /** False for a stream that has gone since the fan-out started: it is passed over. */
  isOpen(target: Target): boolean;
  /** Sends a batch to one stream, or, when `batch` is undefined, a heartbeat. */
  send(target: Target, batch: Batch | undefined): void;
  /** The most bytes of messages one fan-out sends: the rest goes in the next. */
  maxBatchBytes: number;
  heartbeatMs: number;
  /** A fan-out threw (a bug): the next one still goes. */
  failed(error: unknown): void;
  /** A batch has been written to every stream open when its fan-out started (at least one). */
  sent?(batch: Batch): void;
}

/**
 * Sends messages to many streams, SLICE streams a turn of the event loop: the first message at
 * once, later ones together after a pause in proportion to what the last fan-out cost
 * (FAN_OUT_SHARE), or at once when the event loop has had time to spare. One fan-out runs at a
 * time, so every stream gets the batches in id order. A heartbeat goes out every `heartbeatMs`
 * when no batch does.
 */
export function createPacedFanOut<Target>(options: FanOutOptions<Target>) {
  /** Messages passed in and not yet sent, in id order. */
  let pending: Message[] = [];
  /** The newest id passed in: each message is sent once, even if passed twice. */
  let passedUpTo = 0;
  let heartbeatDue = false;
  let running = false;
  let pause: NodeJS.Timeout | undefined;
  /** The event loop's use when the last fan-out ended: how busy it has been since. */
  let sinceFanOut: EventLoopUtilization | undefined;
  let closed = false;

  /** The pending messages up to maxBatchBytes (at least one). */
  function takePending(): Batch | undefined {
    if (pending.length === 0) return undefined;
    let bytes = 0;
    let count = 0;
    while (count < pending.length && (count === 0 || bytes < options.maxBatchBytes)) {
      bytes += pending[count++]!.text.length;
    }
    const taken = pending.slice(0, count);
    pending = pending.slice(count);
    return toBatch(taken);
  }

  async function fanOut() {
    running = true;
    let busyMs = 0;
    let leftBehind = false;
    try {
      const batch = takePending();
      leftBehind = pending.length > 0;
      heartbeatDue = false;
      const targets = [...options.targets()];
      for (let start = 0; start < targets.length; start += SLICE) {
        if (start > 0) await nextTurn();
        const sliceStart = performance.now();
        for (const target of targets.slice(start, start + SLICE)) {
          if (options.isOpen(target)) options.send(target, batch);
        }
        busyMs += performance.now() - sliceStart;
      }
      if (batch && targets.length > 0) options.sent?.(batch);
    } finally {
      running = false;
      sinceFanOut = performance.eventLoopUtilization();
      // Left behind by the size limit, messages go next without a pause: falling further behind
      // would hold ever more of them here, so under such a load the writes give way instead.
      const pauseMs = leftBehind
        ? 0
        : Math.min(MAX_PAUSE_MS, (busyMs * (1 - FAN_OUT_SHARE)) / FAN_OUT_SHARE);
      if (!closed) {
        pause = setTimeout(() => {
          pause = undefined;
          soon();
        }, pauseMs);
      }
    }
  }

  function soon() {
    if (running || closed || (pending.length === 0 && !heartbeatDue)) return;
    if (pause !== undefined) {
      const busy = performance.eventLoopUtilization(sinceFanOut).utilization;
      if (busy >= IDLE_LOOP_UTILIZATION) return;
      clearTimeout(pause);
      pause = undefined;
    }
    fanOut().catch(options.failed);
  }

  const heartbeat = setInterval(() => {
    heartbeatDue = true;
    soon();
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    /** Messages in id order, to send to every stream. */
    pass(messages: Message[]) {
      for (const message of messages) {
        if (message.id <= passedUpTo) continue;
        pending.push(message);
        passedUpTo = message.id;
      }
      soon();
    },

    close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(pause);
    },
  };
}
