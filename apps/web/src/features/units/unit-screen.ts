import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const unitScreen: Screen = {
  paths: [paths.unit],
  signedIn: true,
  title: "the unit's page",
  page: () => import("./unit-page").then((module) => module.UnitPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
};
