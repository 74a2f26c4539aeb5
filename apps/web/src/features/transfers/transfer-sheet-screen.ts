import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const transferSheetScreen: Screen = {
  paths: [paths.transferSheet],
  signedIn: true,
  title: "the transfer sheet",
  page: () => import("./transfer-sheet-page").then((module) => module.TransferSheetPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
};
