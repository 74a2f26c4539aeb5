import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";
import { bikePath } from "./bikes-api-paths";

export const bikeDetailScreen: Screen = {
  paths: [paths.bike, paths.bikeByOldLink],
  signedIn: true,
  title: "the bike's page",
  page: () => import("./bike-detail-page").then((module) => module.BikeDetailPage),
  firstReads: ({ id = "" }) => [apiUrl(ACCOUNT_PATH), apiUrl(bikePath(id))],
  photo: { read: ({ id = "" }) => apiUrl(bikePath(id)), pointer: "/photo" },
};
