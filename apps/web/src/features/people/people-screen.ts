import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const peopleScreen: Screen = {
  paths: [paths.people],
  signedIn: true,
  title: "People",
  page: () => import("./people-page").then((module) => module.PeoplePage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  nav: { label: "People", for: "people-managers", group: "admin" },
};
