import type { NewBikeInput } from "@ultimate-bikes/contract/bikes";
import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { main } from "./landmarks.ts";
import { createBike } from "./stock-helpers.ts";

/** What the stock lists (Inventory, Manage Inventory) show, and how a test sets up a search. */

/**
 * A word no other bike has, of letters only so every database's search takes it as one word.
 * A test names its bikes with it and searches for it, so it sees its own bikes and no others.
 */
export function uniqueWord(): string {
  const letters = randomUUID()
    .replaceAll("-", "")
    .slice(0, 10)
    .replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]!);
  return `Zq${letters}`;
}

/** Adds these bikes (through the API, as the page's user), one after another; returns their names. */
export async function createBikes(page: Page, bikes: Partial<NewBikeInput>[]): Promise<string[]> {
  const names: string[] = [];
  for (const bike of bikes) names.push((await createBike(page, bike)).name);
  return names;
}

export const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search bikes" });
export const stockLevelSelect = (page: Page) => page.getByRole("combobox", { name: "Stock level" });
export const sortSelect = (page: Page) => page.getByRole("combobox", { name: "Sort by" });

/** The live count above the results, e.g. "37 bikes". */
export const resultCount = (page: Page) =>
  main(page)
    .getByRole("status")
    .filter({ hasText: /^[\d,]+ bikes?$/ });

/** Inventory's cards, and the names on them in the order shown. */
export const inventoryCards = (page: Page) =>
  main(page).getByRole("list", { name: "Bikes" }).getByRole("article");
export const cardNames = (page: Page) => inventoryCards(page).getByRole("heading", { level: 2 });

export const nextPageButton = (page: Page) => page.getByRole("button", { name: "Next page" });
export const previousPageButton = (page: Page) =>
  page.getByRole("button", { name: "Previous page" });
