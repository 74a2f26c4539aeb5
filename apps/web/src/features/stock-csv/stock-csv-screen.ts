import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const stockCsvScreen: Screen = {
  paths: [paths.stockCsv],
  signedIn: true,
  title: "CSV import and export",
  page: () => import("./stock-csv-page").then((module) => module.StockCsvPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  nav: { label: "CSV import and export", for: "stock-changers", group: "stock" },
};
