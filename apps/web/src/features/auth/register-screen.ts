import { paths } from "../../lib/paths";
import type { Screen } from "../../lib/screen";

export const registerScreen: Screen = {
  paths: [paths.register],
  page: () => import("./register-page").then((module) => module.RegisterPage),
};
