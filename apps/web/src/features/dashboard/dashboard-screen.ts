import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";
import { DASHBOARD_PATH } from "./dashboard-api-paths";

export const dashboardScreen: Screen = {
  paths: [paths.dashboard],
  signedIn: true,
  title: "Dashboard",
  page: () => import("./dashboard-page").then((module) => module.DashboardPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH), apiUrl(DASHBOARD_PATH)],
  nav: { label: "Dashboard", for: "signed-in" },
};
