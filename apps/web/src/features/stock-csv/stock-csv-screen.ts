import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const stockCsvScreen: Screen = {
  paths: [paths.stockCsv],
  signedIn: true,
  page: () => import("./stock-csv-page").then((module) => module.StockCsvPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
};
