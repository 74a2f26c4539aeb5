import { paths } from "../../lib/paths.ts";

/**
 * Every screen but Home and Not Found, as plain data: its route and the module that draws it.
 * The app loads each module when its screen is first visited (screens.ts); the build reads this
 * table too (vite.config.ts) and lists each screen's chunks, which the server names in the HTML
 * of a page opened directly, so they download beside the shell rather than after it
 * (docs/decisions/017-first-visit-hints.md). Part of the shell: it imports nothing heavy.
 */
export interface ScreenModule {
  path: string;
  /** From the web app's root, as Vite's manifest names it. */
  module: `src/features/${string}-page.tsx`;
  /** The component the module exports. */
  component: string;
  /** Only for signed-in people: the route guard stands in front (docs/product.md, Screens). */
  signedIn?: boolean;
}

export const screenModules: ScreenModule[] = [
  {
    path: paths.inventory,
    module: "src/features/bikes/inventory-page.tsx",
    component: "InventoryPage",
  },
  { path: paths.blog, module: "src/features/blog/blog-page.tsx", component: "BlogPage" },
  { path: paths.login, module: "src/features/auth/login-page.tsx", component: "LoginPage" },
  {
    path: paths.register,
    module: "src/features/auth/register-page.tsx",
    component: "RegisterPage",
  },
  {
    path: paths.verifyEmail,
    module: "src/features/auth/verify-email-page.tsx",
    component: "VerifyEmailPage",
  },
  {
    path: paths.resetPassword,
    module: "src/features/auth/reset-password-page.tsx",
    component: "ResetPasswordPage",
  },
  {
    path: paths.oauthPopupDone,
    module: "src/features/auth/oauth-popup-done-page.tsx",
    component: "OAuthPopupDonePage",
  },
  ...[paths.bike, paths.bikeByOldLink].map((path): ScreenModule => ({
    path,
    module: "src/features/bikes/bike-detail-page.tsx",
    component: "BikeDetailPage",
    signedIn: true,
  })),
  {
    path: paths.editBike,
    module: "src/features/bikes/edit-bike-page.tsx",
    component: "EditBikePage",
    signedIn: true,
  },
  {
    path: paths.labels,
    module: "src/features/labels/labels-page.tsx",
    component: "LabelsPage",
    signedIn: true,
  },
  {
    path: paths.scan,
    module: "src/features/scan/scan-page.tsx",
    component: "ScanPage",
    signedIn: true,
  },
  {
    path: paths.dashboard,
    module: "src/features/dashboard/dashboard-page.tsx",
    component: "DashboardPage",
    signedIn: true,
  },
  {
    path: paths.ledger,
    module: "src/features/ledger/ledger-page.tsx",
    component: "LedgerPage",
    signedIn: true,
  },
  {
    path: paths.profile,
    module: "src/features/profile/profile-page.tsx",
    component: "ProfilePage",
    signedIn: true,
  },
  {
    path: paths.stockCsv,
    module: "src/features/stock-csv/stock-csv-page.tsx",
    component: "StockCsvPage",
    signedIn: true,
  },
  {
    path: paths.manageInventory,
    module: "src/features/bikes/manage-inventory-page.tsx",
    component: "ManageInventoryPage",
    signedIn: true,
  },
  {
    path: paths.addNew,
    module: "src/features/bikes/add-bike-page.tsx",
    component: "AddBikePage",
    signedIn: true,
  },
  {
    path: paths.myItems,
    module: "src/features/bikes/my-items-page.tsx",
    component: "MyItemsPage",
    signedIn: true,
  },
  {
    path: paths.recentlyDeleted,
    module: "src/features/bikes/recently-deleted-page.tsx",
    component: "RecentlyDeletedPage",
    signedIn: true,
  },
  {
    path: paths.people,
    module: "src/features/people/people-page.tsx",
    component: "PeoplePage",
    signedIn: true,
  },
];
