import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const scanScreen: Screen = {
  paths: [paths.scan],
  signedIn: true,
  title: "Scan",
  page: () => import("./scan-page").then((module) => module.ScanPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  nav: { label: "Scan", for: "signed-in" },
};
