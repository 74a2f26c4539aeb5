import { loginScreen } from "../../features/auth/login-screen";
import { oauthPopupDoneScreen } from "../../features/auth/oauth-popup-done-screen";
import { registerScreen } from "../../features/auth/register-screen";
import { resetPasswordScreen } from "../../features/auth/reset-password-screen";
import { verifyEmailScreen } from "../../features/auth/verify-email-screen";
import { addBikeScreen } from "../../features/bikes/add-bike-screen";
import { bikeDetailScreen } from "../../features/bikes/bike-detail-screen";
import { editBikeScreen } from "../../features/bikes/edit-bike-screen";
import { inventoryScreen } from "../../features/bikes/inventory-screen";
import { manageInventoryScreen } from "../../features/bikes/manage-inventory-screen";
import { myItemsScreen } from "../../features/bikes/my-items-screen";
import { recentlyDeletedScreen } from "../../features/bikes/recently-deleted-screen";
import { backupsScreen } from "../../features/backups/backups-screen";
import { blogScreen } from "../../features/blog/blog-screen";
import { dashboardScreen } from "../../features/dashboard/dashboard-screen";
import { labelsScreen } from "../../features/labels/labels-screen";
import { unitLabelsScreen } from "../../features/labels/unit-labels-screen";
import { ledgerScreen } from "../../features/ledger/ledger-screen";
import { peopleScreen } from "../../features/people/people-screen";
import { placesScreen } from "../../features/places/places-screen";
import { profileScreen } from "../../features/profile/profile-screen";
import { scanScreen } from "../../features/scan/scan-screen";
import { stockCsvScreen } from "../../features/stock-csv/stock-csv-screen";
import { newTransferScreen } from "../../features/transfers/new-transfer-screen";
import { transferListScreen } from "../../features/transfers/transfer-list-screen";
import { transferScreen } from "../../features/transfers/transfer-screen";
import { transferSheetScreen } from "../../features/transfers/transfer-sheet-screen";
import { unitScreen } from "../../features/units/unit-screen";
import type { Screen } from "../../lib/screen";

/**
 * Every screen but Home and Not Found, each described beside its page (`<name>-screen.ts`):
 * the route table (screens.ts, router.tsx), the navigation bar (in this order) and the build's
 * first-visit hints (vite.config.ts) read them from here. A new screen is a folder with its page
 * and its descriptor, and one line here. Part of the shell: the descriptors import their pages
 * lazily, so nothing heavy loads with this list (docs/decisions/016 and 017).
 */
export const screens: Screen[] = [
  inventoryScreen,
  blogScreen,
  dashboardScreen,
  manageInventoryScreen,
  scanScreen,
  addBikeScreen,
  myItemsScreen,
  peopleScreen,
  placesScreen,
  backupsScreen,
  loginScreen,
  registerScreen,
  verifyEmailScreen,
  resetPasswordScreen,
  oauthPopupDoneScreen,
  bikeDetailScreen,
  editBikeScreen,
  ledgerScreen,
  transferListScreen,
  // Before the transfer's page: /transfers/new is not a transfer's id.
  newTransferScreen,
  transferScreen,
  transferSheetScreen,
  labelsScreen,
  unitLabelsScreen,
  unitScreen,
  profileScreen,
  stockCsvScreen,
  recentlyDeletedScreen,
];
