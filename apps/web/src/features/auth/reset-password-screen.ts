import { paths } from "../../lib/paths";
import type { Screen } from "../../lib/screen";

export const resetPasswordScreen: Screen = {
  paths: [paths.resetPassword],
  page: () => import("./reset-password-page").then((module) => module.ResetPasswordPage),
};
