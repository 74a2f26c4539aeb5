import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const ledgerScreen: Screen = {
  paths: [paths.ledger],
  signedIn: true,
  title: "Ledger",
  page: () => import("./ledger-page").then((module) => module.LedgerPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  nav: { label: "Ledger", for: "stock-changers", group: "stock" },
};
