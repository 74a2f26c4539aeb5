import { API_BASE_PATH } from "@ultimate-bikes/contract/paths";
import { STOCK_PAGE_DEFAULT } from "@ultimate-bikes/contract/stock";
import {
  FIRST_VIEW,
  MANAGE_PAGE_SIZE,
  stockQueryOf,
  stockReadPath,
} from "../../features/bikes/stock-view.ts";
import { paths } from "../../lib/paths.ts";

/*
 * The API reads a screen sends first when opened with no query string, exactly as it sends them
 * (`:id` stands for the route's). Read by the build only (vite.config.ts), never by the app: the
 * server names them in the page's HTML as preloads, so the data travels beside the code instead
 * of after it (docs/decisions/017-first-visit-hints.md). A read listed here that the screen does
 * not send costs a wasted request, and Chromium warns of an unused preload: the e2e suite fails
 * on that warning (e2e/tests/first-visit-hints.spec.ts).
 */

/** The session's account: the route guard asks for it before a signed-in screen shows. */
const ACCOUNT = `${API_BASE_PATH}/account`;
const SUPPLIERS = `${API_BASE_PATH}/suppliers`;
/** Which sign-in providers the server offers: the login form's buttons. */
const PROVIDERS = `${API_BASE_PATH}/account/providers`;

/** A stock list's first page, as a list opened with no query string asks for it. */
const firstStockPage = (pageSize: number) =>
  `${API_BASE_PATH}${stockReadPath(stockQueryOf(FIRST_VIEW, pageSize))}`;

const BIKE = `${API_BASE_PATH}/bikes/:id`;
const INVENTORY_FIRST_PAGE = firstStockPage(STOCK_PAGE_DEFAULT);

export const screenFirstReads: Record<string, string[]> = {
  [paths.inventory]: [INVENTORY_FIRST_PAGE, SUPPLIERS],
  [paths.login]: [PROVIDERS],
  [paths.bike]: [ACCOUNT, BIKE],
  [paths.bikeByOldLink]: [ACCOUNT, BIKE],
  [paths.manageInventory]: [ACCOUNT, firstStockPage(MANAGE_PAGE_SIZE), SUPPLIERS],
  [paths.editBike]: [ACCOUNT, `${BIKE}/details`],
  [paths.addNew]: [ACCOUNT],
  [paths.stockCsv]: [ACCOUNT],
  [paths.profile]: [ACCOUNT],
  [paths.ledger]: [ACCOUNT],
  [paths.labels]: [ACCOUNT],
  [paths.scan]: [ACCOUNT],
  [paths.dashboard]: [ACCOUNT, `${API_BASE_PATH}/dashboard`],
  [paths.myItems]: [ACCOUNT],
  [paths.recentlyDeleted]: [ACCOUNT],
  [paths.people]: [ACCOUNT],
};

/**
 * Where a screen's largest picture comes from, for the server to name it in the HTML too: on a
 * phone, the first card's photo on Inventory, the bike's photo on its page.
 */
export const screenPhotos: Record<string, { read: string; pointer: string }> = {
  [paths.inventory]: { read: INVENTORY_FIRST_PAGE, pointer: "/items/0/photo" },
  [paths.bike]: { read: BIKE, pointer: "/photo" },
  [paths.bikeByOldLink]: { read: BIKE, pointer: "/photo" },
};
