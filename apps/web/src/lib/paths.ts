import {
  OAUTH_POPUP_DONE_PATH,
  RESET_PASSWORD_PATH,
  VERIFY_EMAIL_PATH,
} from "@ultimate-bikes/contract/paths";
import { generatePath } from "react-router";

/**
 * Every client route in one place: the router's patterns, and the links built from them, so the
 * two never disagree. Pages the server links to take their paths from the contract.
 */
export const paths = {
  home: "/",
  inventory: "/inventory",
  bike: "/inventory/:id",
  /** Edit a bike's details: staff any bike, a member their own. */
  editBike: "/inventory/:id/edit",
  /** The original app's second route to the same page (docs/product.md, Screens). */
  bikeByOldLink: "/inventory/inventory/:id",
  blog: "/blog",
  login: "/login",
  register: "/register",
  verifyEmail: VERIFY_EMAIL_PATH,
  resetPassword: RESET_PASSWORD_PATH,
  oauthPopupDone: OAUTH_POPUP_DONE_PATH,
  manageInventory: "/manage-inventory",
  addNew: "/add-new",
  myItems: "/my-item",
  /** Staff: bikes deleted within the retention period, to restore. */
  recentlyDeleted: "/recently-deleted",
  /** Staff: printable QR labels for the bikes picked (`?ids=a,b`). */
  labels: "/labels",
  /** Signed in: open a bike by scanning its label. */
  scan: "/scan",
  /** Signed in: the warehouse in numbers. */
  dashboard: "/dashboard",
  /** Staff: every stock movement, filtered (`?bike=&person=&kind=&from=&to=`). */
  ledger: "/movements",
  /** Staff: import the stock from a CSV file, export it to one. */
  stockCsv: "/stock-csv",
  /** The signed-in person: who they are, and their low-stock alerts. */
  profile: "/profile",
  /** Admins: invite, promote, demote and remove people. */
  people: "/people",
  /** Admins: the database's backups, made now or on a schedule, to download. */
  backups: "/backups",
  /** Admins: add, change and archive the warehouse and the showrooms; staff read them. */
  places: "/places",
  /** Staff: transfers between places (`?status=&place=`). */
  transfers: "/transfers",
  /** Staff: a new transfer, saved as a draft or sent at once. */
  newTransfer: "/transfers/new",
  /** Staff: one transfer, its steps and actions (`?receive` opens it ready to receive). */
  transfer: "/transfers/:id",
  /** Staff: a transfer's printable sheet (A4), its QR code the transfer's address. */
  transferSheet: "/transfers/:id/sheet",
  /** Staff: one unit (a motorbike by chassis number): where it is, its hold, its history. */
  unit: "/units/:id",
  /** Staff: printable QR labels of units, their chassis numbers (`?units=a,b`). */
  unitLabels: "/labels/units",
} as const;

/** The page of one bike. */
export const bikePagePath = (id: string) => generatePath(paths.bike, { id });

/** The edit form of one bike. */
export const bikeEditPath = (id: string) => generatePath(paths.editBike, { id });

/** The whole ledger, filtered to one bike. */
export const bikeLedgerPath = (id: string) => `${paths.ledger}?bike=${encodeURIComponent(id)}`;

/** The label sheet of one bike. */
export const bikeLabelPath = (id: string) => `${paths.labels}?ids=${encodeURIComponent(id)}`;

/** The page of one transfer; `receive` lands on its Receive form. */
export const transferPagePath = (id: string, { receive = false } = {}) =>
  `${generatePath(paths.transfer, { id })}${receive ? "?receive" : ""}`;

/** The printable sheet of one transfer. */
export const transferSheetPath = (id: string) => generatePath(paths.transferSheet, { id });

/** The page of one unit. */
export const unitPagePath = (id: string) => generatePath(paths.unit, { id });

/** The label sheet of the units picked. */
export const unitLabelsPath = (ids: readonly string[]) =>
  `${paths.unitLabels}?units=${ids.map(encodeURIComponent).join(",")}`;
