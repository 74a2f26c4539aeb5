import { STOCK_PAGE_DEFAULT } from "@ultimate-bikes/contract/stock";
import { describe, expect, it } from "vitest";
import { INVENTORY_PAGE_SIZE } from "../../features/bikes/stock-query";
import { paths } from "../../lib/paths";
import { urlTemplates } from "../../../../../scripts/first-visit-hints";
import { screens } from "./screen-list";

const allPaths = screens.flatMap((screen) => screen.paths);

describe("the screens' list", () => {
  it("gives every path in lib/paths but Home a screen, and each path one screen only", () => {
    expect([...allPaths].sort()).toEqual(
      Object.values(paths)
        .filter((path) => path !== paths.home)
        .sort(),
    );
  });

  it("loads each screen's page as a component", async () => {
    for (const screen of screens) {
      expect(typeof (await screen.page()), screen.paths.join(", ")).toBe("function");
    }
  });

  it("names first reads under /api with every route parameter filled in", () => {
    for (const screen of screens) {
      for (const path of screen.paths) {
        const reads = urlTemplates(path, screen.firstReads ?? (() => []));
        for (const read of reads) expect(read, path).toMatch(/^\/api\/[^\s]*$/);
        // A parameter the reads use is one the route has: `:name` left over is a typo.
        const params = new Set(path.match(/:\w+/g) ?? []);
        for (const param of reads.join(" ").match(/:\w+/g) ?? []) {
          expect(params, `${path}: ${param}`).toContain(param);
        }
      }
    }
  });

  it("takes each screen's photo from one of its first reads", () => {
    for (const screen of screens) {
      if (!screen.photo) continue;
      const { read } = screen.photo;
      for (const path of screen.paths) {
        const reads = urlTemplates(path, screen.firstReads ?? (() => []));
        expect(reads, path).toContain(urlTemplates(path, (params) => [read(params)])[0]);
      }
    }
  });

  it("asks guarded screens for the account first, as the route guard does", () => {
    for (const screen of screens.filter((screen) => screen.signedIn)) {
      expect(screen.firstReads?.({ id: "x" })[0], screen.paths[0]).toBe("/api/account");
    }
  });

  it("pages Inventory as the API does by default", () => {
    expect(INVENTORY_PAGE_SIZE).toBe(STOCK_PAGE_DEFAULT);
  });
});
