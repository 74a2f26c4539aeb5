import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

/** Reached from where units are listed ("Print unit labels"), so not in the navigation. */
export const unitLabelsScreen: Screen = {
  paths: [paths.unitLabels],
  signedIn: true,
  title: "Unit labels",
  page: () => import("./unit-labels-page").then((module) => module.UnitLabelsPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
};
