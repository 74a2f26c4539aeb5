import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const labelsScreen: Screen = {
  paths: [paths.labels],
  signedIn: true,
  title: "Labels",
  page: () => import("./labels-page").then((module) => module.LabelsPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  nav: { label: "Labels", for: "stock-changers", group: "stock" },
};
