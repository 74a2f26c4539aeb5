import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createServer, connect, type Socket } from "node:net";
import { signUpViaApi } from "./accounts.ts";
import { main } from "./landmarks.ts";
import { stubMapTiles } from "./map.ts";
import { watchPageErrors, type PageErrors } from "./page-errors.ts";

/*
 * Live stock (GET /api/stock/events, apps/web/src/features/bikes/live-stock.tsx): what a second
 * person's browser sees while the test's own page changes the stock.
 */

export const STOCK_EVENTS_PATH = "/api/stock/events";

/**
 * The promise: a change made elsewhere shows within 2 s. Used on the one assertion that
 * waits for it, started once the other browser's change has been answered.
 */
export const LIVE_WITHIN = { timeout: 2000 } as const;

/** The fixed corner's two lines (both role=status): the newest change, and "reconnecting". */
export const liveCorner = (page: Page) => page.locator(".live-stock").getByRole("status");
export const cornerNotice = (page: Page, text: string) =>
  liveCorner(page).filter({ hasText: text });

/**
 * Keeps, in each page of `target` from its next navigation on, every text the live corner shows.
 * The corner shows only the newest change of the whole warehouse, and other specs change the
 * stock all the time, so a notice may be replaced before a test could look at it.
 */
export async function recordCornerNotices(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { liveCornerSeen: string[] }).liveCornerSeen = seen;
    new MutationObserver(() => {
      for (const line of document.querySelectorAll(".live-stock [role=status]")) {
        const text = line.textContent?.trim() ?? "";
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** What the corner has shown so far (see recordCornerNotices). */
export const cornerNoticesSeen = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { liveCornerSeen?: string[] }).liveCornerSeen ?? []);

export const RECONNECTING_TEXT = "Live updates paused — reconnecting…";

/** What the bike's own page says beside its quantity, e.g. "1 delivered just now". */
export const changeNote = (page: Page, text: string) =>
  main(page)
    .getByRole("status")
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });

/** The `<dd>` holding the detail page's quantity and its stock badge. */
export const quantityFact = (page: Page) =>
  page.getByTestId("bike-quantity").locator("xpath=ancestor::dd[1]");

/** What a test opened and has not closed yet: closed by closeLeftovers if the test stops early. */
const leftovers = new Set<() => Promise<void>>();

/** For `test.afterEach`: closes colleagues and relays a failed test left open. */
export async function closeLeftovers(): Promise<void> {
  const closers = [...leftovers];
  leftovers.clear();
  await Promise.all(closers.map((close) => close()));
}

export interface Colleague {
  context: BrowserContext;
  errors: PageErrors;
  /** Opens a page of this browser, ready to be watched for the stream. */
  newPage(): Promise<Page>;
  /** Closes the browser after checking none of its pages had a page error or console error. */
  close(): Promise<void>;
}

/**
 * A colleague's browser: a context of its own (its own cookies, its own app, its own stream),
 * set up as the fixtures set up the test's context (map tiles stubbed, page errors watched),
 * recording what its live corners show, and signed in as a fresh user of its own unless
 * `signedIn` is false.
 */
export async function openColleague(
  browser: Browser,
  { signedIn = true }: { signedIn?: boolean } = {},
): Promise<Colleague> {
  const context = await browser.newContext();
  const closeContext = () => context.close();
  leftovers.add(closeContext);
  await stubMapTiles(context);
  await recordCornerNotices(context);
  const errors = watchPageErrors(context);
  if (signedIn) await signUpViaApi(await context.newPage());
  return {
    context,
    errors,
    newPage: () => context.newPage(),
    async close() {
      const unexpected = errors.unexpected();
      leftovers.delete(closeContext);
      await context.close();
      expect(unexpected, "the colleague's page errors and console errors").toEqual([]);
    },
  };
}

/**
 * Opens `path` and waits until the page's stream has answered. From then on the server has it
 * among its subscribers (it registers a fresh stream before sending its headers), so any change
 * committed later reaches it.
 */
export async function gotoLive(page: Page, path: string): Promise<void> {
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === STOCK_EVENTS_PATH,
    { timeout: 15_000 },
  );
  await page.goto(path);
  expect((await streamOpen).status()).toBe(200);
}

/**
 * Counts the page's navigations of its main frame from now on, same-document ones included: a
 * live update must change the page in place.
 */
export function countNavigations(page: Page): () => number {
  let count = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

/** The page's own requests to the API from now on, as "METHOD /path?query". */
export function recordApiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/"))
      seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

export interface Relay {
  /** The app's address through the relay, e.g. "http://localhost:40123". */
  origin: string;
  /** The network goes away: open connections break, new ones are closed as soon as made. */
  cut(): void;
  /** The network is back: connections go through again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay to the app's server on a port of its own, for a page that must lose its connection
 * while the server stays up. (Chromium's offline emulation, `context.setOffline`, fails new
 * requests but leaves an open event stream running, so it cannot take a stream away.)
 */
export async function openRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let up = true;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    return socket;
  };
  const server = createServer((client) => {
    track(client);
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = track(connect(Number(port), hostname));
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the relay has no port");
  const close = async () => {
    leftovers.delete(close);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  };
  leftovers.add(close);
  return {
    origin: `http://localhost:${address.port}`,
    cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      up = true;
    },
    close,
  };
}
