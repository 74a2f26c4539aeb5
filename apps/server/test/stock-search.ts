import { stockPageSchema, type StockItem, type StockPage } from "@ultimate-bikes/contract/stock";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { TestUser } from "./accounts.ts";
import { send } from "./stock-helpers.ts";

export type StockParams = Record<string, string | number>;

/** `GET /api/stock` with these query parameters, as `user` or signed out. */
export function getStock(
  app: FastifyInstance,
  params: StockParams,
  user?: TestUser,
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams(
    Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
  );
  return send(app, user, "GET", `/api/stock?${query}`);
}

/** One page of the search, which must answer 200. */
export async function searchStock(
  app: FastifyInstance,
  params: StockParams,
  user?: TestUser,
): Promise<StockPage> {
  const response = await getStock(app, params, user);
  if (response.statusCode !== 200) {
    throw new Error(`search failed: ${response.statusCode} ${response.body}`);
  }
  return stockPageSchema.parse(response.json());
}

/** The names a search finds, over all its pages. */
export async function namesFound(
  app: FastifyInstance,
  params: StockParams,
  user?: TestUser,
): Promise<string[]> {
  const { items } = await everyPage(app, params, user);
  return items.map((item) => item.name);
}

/**
 * Follows `nextCursor` to the last page. `betweenPages` runs after every page that has a next
 * one, before it is asked for: the place to change the stock under the reader's feet.
 */
export async function everyPage(
  app: FastifyInstance,
  params: StockParams,
  user?: TestUser,
  betweenPages: (page: StockPage, index: number) => Promise<void> = async () => {},
): Promise<{ items: StockItem[]; pages: StockPage[] }> {
  let page = await searchStock(app, params, user);
  const pages = [page];
  while (page.nextCursor !== null) {
    // A cursor that never ends is a bug to report, not a test to hang.
    if (pages.length > 500) throw new Error("more than 500 pages: the cursor does not move on");
    await betweenPages(page, pages.length - 1);
    page = await searchStock(app, { ...params, cursor: page.nextCursor }, user);
    pages.push(page);
  }
  return { items: pages.flatMap((page) => page.items), pages };
}
