import { expect, test as base, type Page } from "@playwright/test";
import { randomAddress, signUpViaApi, type Account } from "./accounts.ts";
import { stubMapTiles } from "./map.ts";
import { watchPageErrors, type PageErrors } from "./page-errors.ts";
import { servePhotoHost } from "./photo-host.ts";

/*
 * The `test` every test file uses. For every test, map tiles are stubbed and any uncaught page
 * error or console error fails it (unless the test declares it expected); a test that needs a
 * signed-in user asks for `signedInPage`.
 */
export const test = base.extend<{
  /**
   * Every test's browser comes from an address of its own, so the per-address limits on sign-in
   * (10 a minute) guard real clients only, not a suite that signs in through the UI many times.
   */
  ownAddress: void;
  /** The tile URLs the map asked for, each answered with a blank image. */
  stubbedMapTiles: string[];
  /** The URLs asked for on the made-up third-party photo host, each answered with a PNG. */
  photoHost: string[];
  /** Fails the test, at its end, on any page error or console error it did not declare. */
  pageErrors: PageErrors;
  /** The fresh user `signedInPage` is signed in as. */
  account: Account;
  /** The test's page, signed in as a fresh user of its own (`account`) through the API. */
  signedInPage: Page;
}>({
  ownAddress: [
    async ({ context }, use) => {
      await context.setExtraHTTPHeaders({ "x-forwarded-for": randomAddress() });
      await use();
    },
    { auto: true },
  ],
  stubbedMapTiles: [
    async ({ context }, use) => {
      await use(await stubMapTiles(context));
    },
    { auto: true },
  ],
  photoHost: [
    async ({ context }, use) => {
      await use(await servePhotoHost(context));
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ context }, use) => {
      const pageErrors = watchPageErrors(context);
      await use(pageErrors);
      expect(pageErrors.unexpected(), "page errors and console errors").toEqual([]);
    },
    { auto: true },
  ],
  account: async ({ page }, use) => {
    await use(await signUpViaApi(page));
  },
  // Asking for the account is what signs the page in.
  signedInPage: async ({ page, account: _signedUp }, use) => {
    await use(page);
  },
});
