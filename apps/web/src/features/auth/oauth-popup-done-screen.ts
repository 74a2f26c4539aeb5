import { paths } from "../../lib/paths";
import type { Screen } from "../../lib/screen";

export const oauthPopupDoneScreen: Screen = {
  paths: [paths.oauthPopupDone],
  page: () => import("./oauth-popup-done-page").then((module) => module.OAuthPopupDonePage),
};
