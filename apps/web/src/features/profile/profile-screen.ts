import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const profileScreen: Screen = {
  paths: [paths.profile],
  signedIn: true,
  title: "Profile",
  page: () => import("./profile-page").then((module) => module.ProfilePage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
};
