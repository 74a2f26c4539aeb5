import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { childEnv } from "../support/child-env.ts";
import { stillRunning } from "../support/watchdog.ts";

/**
 * The subscribers of the live stock benchmark: SSE streams held by a few child processes
 * (bench/support/live-subscribers.ts), so that parsing a thousand streams never runs on the event
 * loop that times the writes. Each child reports over IPC; this is the parent's side.
 */

/** Parent to child. */
export type PoolCommand =
  | { type: "connect"; url: string; count: number }
  /** Recording on: each event is reported once every open stream of the child has it. */
  | { type: "record"; on: boolean }
  /** Answer once every open stream has received `count` stock events, or after `timeoutMs`. */
  | { type: "await"; request: number; count: number; timeoutMs: number };

/** Child to parent. */
export type PoolReport =
  | { type: "connected" }
  | { type: "failed"; message: string }
  /** One stock event, received by all the child's open streams: when each parser had it. */
  | { type: "event"; id: number; data: string; bytes: number; receivedAtMs: number[] }
  | { type: "awaited"; request: number; behind: number; waitedMs: number }
  /** A stream ended (the server closed it, or it failed): the child's running total. */
  | { type: "closed"; total: number };

/** One stock event as every subscriber got it. */
export interface ReceivedEvent {
  id: number;
  /** The `data:` line of the event. */
  data: string;
  /** The whole message on the wire, in bytes. */
  bytes: number;
  /** When each subscriber's parser had it (live-clock.ts), in no particular order. */
  receivedAtMs: number[];
}

export interface CatchUp {
  /** Open streams that had not received every event when the wait ended. */
  behind: number;
  /** Milliseconds until the last open stream had them all (the timeout when some never did). */
  waitedMs: number;
}

const childScript = path.join(import.meta.dirname, "../support/live-subscribers.ts");
/** Two cores: two processes of subscribers use both without crowding out the servers. */
export const SUBSCRIBER_PROCESSES = 2;
const eventTimeoutMs = 10_000;

interface Child {
  process: ChildProcess;
  /** Reports waiting for whoever asks next: events in order, and the rest by type. */
  events: ReceivedEvent[];
  eventWaiter: (() => void) | undefined;
  closed: number;
  stderr: string;
}

export interface SubscriberPool {
  /** Opens `total` streams to `url`, spread over the processes; resolves once all are live. */
  connect(url: string, total: number): Promise<void>;
  record(on: boolean): void;
  /** The next stock event, once every open stream has it. */
  nextEvent(): Promise<ReceivedEvent>;
  /** Waits until every open stream has received `count` stock events, up to `timeoutMs`. */
  awaitCount(count: number, timeoutMs: number): Promise<CatchUp>;
  /** Streams ended since they connected (none should: the server closes only stalled ones). */
  readonly closed: number;
  /** The subscriber processes' ids. */
  readonly pids: number[];
  stop(): Promise<void>;
}

/** Starts the subscriber processes (idle until `connect`). */
export function startSubscriberPool(processes = SUBSCRIBER_PROCESSES): SubscriberPool {
  let nextRequest = 0;
  const answers = new Map<number, (report: PoolReport) => void>();
  const children: Child[] = [];
  for (let index = 0; index < processes; index++) {
    const forked = fork(childScript, [], {
      env: childEnv({}),
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    const child: Child = {
      process: forked,
      events: [],
      eventWaiter: undefined,
      closed: 0,
      stderr: "",
    };
    forked.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      child.stderr = (child.stderr + chunk).slice(-4_000);
    });
    forked.on("message", (report: PoolReport) => {
      stillRunning();
      if (report.type === "event") {
        child.events.push(report);
        child.eventWaiter?.();
      } else if (report.type === "closed") {
        child.closed = report.total;
      } else if (report.type === "awaited") {
        answers.get(report.request)?.(report);
      } else {
        answers.get(-index - 1)?.(report);
      }
    });
    children.push(child);
  }

  const send = (child: Child, command: PoolCommand) => child.process.send(command);
  const died = (child: Child) =>
    new Error(`a subscriber process ended${child.stderr ? `:\n${child.stderr}` : ""}`);

  /** Sends `command` and waits for the answer filed under `key`; fails if the child dies first. */
  function ask<T>(child: Child, key: number, command: PoolCommand, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const done = (error?: Error, value?: T) => {
        clearTimeout(timer);
        answers.delete(key);
        child.process.removeListener("exit", onExit);
        if (error) reject(error);
        else resolve(value!);
      };
      const onExit = () => done(died(child));
      const timer = setTimeout(
        () => done(new Error(`subscribers did not answer ${command.type} in ${timeoutMs} ms`)),
        timeoutMs,
      );
      answers.set(key, (report) => done(undefined, report as T));
      child.process.once("exit", onExit);
      send(child, command);
    });
  }

  async function nextOf(child: Child): Promise<ReceivedEvent> {
    const deadline = Date.now() + eventTimeoutMs;
    while (child.events.length === 0) {
      if (child.process.exitCode !== null || child.process.signalCode !== null) throw died(child);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`an event did not reach every subscriber in ${eventTimeoutMs} ms`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1_000));
        child.eventWaiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      child.eventWaiter = undefined;
    }
    return child.events.shift()!;
  }

  return {
    async connect(url, total) {
      await Promise.all(
        children.map(async (child, index) => {
          const count =
            Math.floor(total / children.length) + (index < total % children.length ? 1 : 0);
          const report = await ask<PoolReport>(
            child,
            -index - 1,
            { type: "connect", url, count },
            120_000,
          );
          if (report.type === "failed") throw new Error(`subscribing failed: ${report.message}`);
        }),
      );
    },

    record(on) {
      for (const child of children) send(child, { type: "record", on });
    },

    async nextEvent() {
      const parts = await Promise.all(children.map(nextOf));
      const [first] = parts;
      if (parts.some((part) => part.id !== first!.id)) {
        throw new Error(`the subscriber processes got different events: ${parts.map((p) => p.id)}`);
      }
      return { ...first!, receivedAtMs: parts.flatMap((part) => part.receivedAtMs) };
    },

    async awaitCount(count, timeoutMs) {
      const parts = await Promise.all(
        children.map((child) => {
          const request = nextRequest++;
          const command: PoolCommand = { type: "await", request, count, timeoutMs };
          return ask<CatchUp>(child, request, command, timeoutMs + 10_000);
        }),
      );
      return {
        behind: parts.reduce((total, part) => total + part.behind, 0),
        waitedMs: Math.max(...parts.map((part) => part.waitedMs)),
      };
    },

    get closed() {
      return children.reduce((total, child) => total + child.closed, 0);
    },

    get pids() {
      return children.map((child) => child.process.pid!);
    },

    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.process.exitCode !== null || child.process.signalCode !== null) {
                return resolve();
              }
              const killer = setTimeout(() => child.process.kill("SIGKILL"), 5_000);
              child.process.once("exit", () => {
                clearTimeout(killer);
                resolve();
              });
              // Losing its IPC channel is the child's cue to close its streams and exit.
              child.process.disconnect();
            }),
        ),
      );
    },
  };
}
