import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const myItemsScreen: Screen = {
  paths: [paths.myItems],
  signedIn: true,
  title: "My Items",
  page: () => import("./my-items-page").then((module) => module.MyItemsPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  nav: { label: "My item", for: "signed-in" },
};
