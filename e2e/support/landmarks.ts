import type { Page } from "@playwright/test";

/** The header's main navigation, on every screen. */
export const navigation = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The screen's own content, between header and footer. */
export const main = (page: Page) => page.getByRole("main");
