import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const recentlyDeletedScreen: Screen = {
  paths: [paths.recentlyDeleted],
  signedIn: true,
  title: "Recently deleted",
  page: () => import("./recently-deleted-page").then((module) => module.RecentlyDeletedPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  nav: { label: "Recently deleted", for: "stock-changers", group: "stock" },
};
