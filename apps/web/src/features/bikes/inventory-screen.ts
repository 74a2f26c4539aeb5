import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";
import { PLACES_READ_PATH, SUPPLIERS_PATH, stockReadPath } from "./bikes-api-paths";
import { FIRST_VIEW, INVENTORY_PAGE_SIZE, stockQueryOf } from "./stock-query";

/** The first page of cards, as the page asks for it with no query string. */
const firstPage = () => apiUrl(stockReadPath(stockQueryOf(FIRST_VIEW, INVENTORY_PAGE_SIZE)));

export const inventoryScreen: Screen = {
  paths: [paths.inventory],
  page: () => import("./inventory-page").then((module) => module.InventoryPage),
  firstReads: () => [firstPage(), apiUrl(SUPPLIERS_PATH), apiUrl(PLACES_READ_PATH)],
  // On a phone the first card's photo is the largest picture.
  photo: { read: firstPage, pointer: "/items/0/photo" },
  nav: { label: "Inventory", for: "everyone" },
};
