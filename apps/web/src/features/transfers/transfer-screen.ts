import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const transferScreen: Screen = {
  paths: [paths.transfer],
  signedIn: true,
  title: "the transfer",
  page: () => import("./transfer-page").then((module) => module.TransferPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
};
