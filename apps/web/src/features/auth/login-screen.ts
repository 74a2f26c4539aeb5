import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";
import { SIGN_IN_PROVIDERS_PATH } from "./auth-api-paths";

export const loginScreen: Screen = {
  paths: [paths.login],
  page: () => import("./login-page").then((module) => module.LoginPage),
  firstReads: () => [apiUrl(SIGN_IN_PROVIDERS_PATH)],
};
