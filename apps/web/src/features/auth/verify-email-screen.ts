import { paths } from "../../lib/paths";
import type { Screen } from "../../lib/screen";

export const verifyEmailScreen: Screen = {
  paths: [paths.verifyEmail],
  page: () => import("./verify-email-page").then((module) => module.VerifyEmailPage),
};
