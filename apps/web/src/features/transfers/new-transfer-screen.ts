import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const newTransferScreen: Screen = {
  paths: [paths.newTransfer],
  signedIn: true,
  title: "New transfer",
  page: () => import("./new-transfer-page").then((module) => module.NewTransferPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
};
