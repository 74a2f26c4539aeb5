import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";

export const backupsScreen: Screen = {
  paths: [paths.backups],
  signedIn: true,
  title: "Backups",
  page: () => import("./backups-page").then((module) => module.BackupsPage),
  firstReads: () => [apiUrl(ACCOUNT_PATH)],
  nav: { label: "Backups", for: "people-managers", group: "admin" },
};
