import { ACCOUNT_PATH } from "../../lib/account-path";
import { paths } from "../../lib/paths";
import { apiUrl, type Screen } from "../../lib/screen";
import { bikeDetailsPath } from "./bikes-api-paths";

export const editBikeScreen: Screen = {
  paths: [paths.editBike],
  signedIn: true,
  title: "Edit a bike",
  page: () => import("./edit-bike-page").then((module) => module.EditBikePage),
  firstReads: ({ id = "" }) => [apiUrl(ACCOUNT_PATH), apiUrl(bikeDetailsPath(id))],
};
