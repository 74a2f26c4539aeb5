import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const placesScreen: Screen = {
  paths: [paths.places],
  signedIn: true,
  title: "Places",
  page: () => import("./places-page").then((module) => module.PlacesPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  // Staff see where the stock is; only admins change the places (the page says so).
  nav: { label: "Places", for: "stock-changers", group: "stock" },
};
