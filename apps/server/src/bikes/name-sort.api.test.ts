import { describe, expect, it } from "vitest";
import { addBike } from "../../test/stock-helpers.ts";
import { namesFound } from "../../test/stock-search.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

/**
 * Name sorts ignore case (issue 21): "apple" comes before "Banana", on both databases, page after
 * page, and in the relevance order's groups too.
 */
describe(`the name sort on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["owner"] });
  const names = [
    "Banana Quokka",
    "apple Quokka",
    "cherry Quokka",
    "Apricot Quokka",
    "banjo Quokka",
  ];
  const byName = [
    "apple Quokka",
    "Apricot Quokka",
    "Banana Quokka",
    "banjo Quokka",
    "cherry Quokka",
  ];

  it("sorts names ignoring case, both ways and across pages", async () => {
    for (const name of names) await addBike(test.app, test.users.owner, { name });
    for (const limit of [1, 2, 24]) {
      expect(await namesFound(test.app, { q: "quokka", sort: "name", limit })).toEqual(byName);
      expect(await namesFound(test.app, { q: "quokka", sort: "-name", limit })).toEqual(
        [...byName].reverse(),
      );
    }
    // The rest of the relevance order (the words are not where the names start) is by name too.
    expect(await namesFound(test.app, { q: "quokka", limit: 2 })).toEqual(byName);
    // And within a supplier (its own index, migration 018).
    const supplied = await namesFound(test.app, { supplier: "Test Supplier Ltd.", sort: "name" });
    expect(supplied.filter((name) => name.endsWith(" Quokka"))).toEqual(byName);
  });
});
