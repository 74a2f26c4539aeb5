import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const transferListScreen: Screen = {
  paths: [paths.transfers],
  signedIn: true,
  title: "Transfers",
  page: () => import("./transfer-list-page").then((module) => module.TransferListPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  nav: { label: "Transfers", for: "stock-changers", group: "stock" },
};
