import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const addBikeScreen: Screen = {
  paths: [paths.addNew],
  signedIn: true,
  title: "Add New Item",
  page: () => import("./add-bike-page").then((module) => module.AddBikePage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  nav: { label: "Add new item", for: "signed-in" },
};
