import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * jsdom has no EventSource. This one connects nowhere: a test opens it, sends it events and makes
 * it fail, by hand, the way a browser's would. Each step runs in `act`, since it updates React.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;

  /** Every one made since installFakeEventSource(), oldest first. */
  static made: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL, init?: EventSourceInit) {
    super();
    this.url = String(url);
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.made.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server answered 200 with an event stream. */
  open() {
    this.readyState = FakeEventSource.OPEN;
    act(() => void this.dispatchEvent(new Event("open")));
  }

  /** An event as the server writes it: `event: type`, `id: id`, `data: JSON`. */
  send(type: string, data: unknown, id?: number) {
    this.sendRaw(type, JSON.stringify(data), id);
  }

  /** An event whose data is these exact characters, readable or not. */
  sendRaw(type: string, data: string, id?: number) {
    const event = new MessageEvent(type, { data, lastEventId: id === undefined ? "" : String(id) });
    act(() => void this.dispatchEvent(event));
  }

  /**
   * The connection failed. `gaveUp`: the server answered with an HTTP error, so the browser stops
   * for good (CLOSED); otherwise it is retrying by itself (CONNECTING).
   */
  fail({ gaveUp = false } = {}) {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    act(() => void this.dispatchEvent(new Event("error")));
  }

  /** The newest one: the one the app is listening to. */
  static latest(): FakeEventSource {
    const source = FakeEventSource.made.at(-1);
    if (!source) throw new Error("No EventSource was made");
    return source;
  }
}

/** Puts the fake in place of the browser's EventSource for this test (undone by vi.unstubAllGlobals). */
export function installFakeEventSource() {
  FakeEventSource.made = [];
  vi.stubGlobal("EventSource", FakeEventSource);
}
