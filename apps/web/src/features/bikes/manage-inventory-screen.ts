import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";
import { PLACES_READ_PATH, SUPPLIERS_PATH, stockReadPath } from "./bikes-api-paths";
import { FIRST_VIEW, MANAGE_PAGE_SIZE, stockQueryOf } from "./stock-query";

export const manageInventoryScreen: Screen = {
  paths: [paths.manageInventory],
  signedIn: true,
  title: "Manage Inventory",
  page: () => import("./manage-inventory-page").then((module) => module.ManageInventoryPage),
  firstReads: () => [
    apiUrl(ACCOUNT_PATH),
    apiUrl(stockReadPath(stockQueryOf(FIRST_VIEW, MANAGE_PAGE_SIZE))),
    apiUrl(SUPPLIERS_PATH),
    apiUrl(PLACES_READ_PATH),
  ],
  nav: { label: "Manage Inventory", for: "stock-changers", group: "stock" },
};
