import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ledgerPositionPlugin } from "./ledger-position.ts";

describe("the ledger position plugin", () => {
  it("reads the position before the route reads its data, and only for routes that opt in", async () => {
    // A ledger that gains a movement whenever a route reads it, as if one committed meanwhile.
    let newest = 7;
    const app = Fastify();
    await app.register(ledgerPositionPlugin, { latestMovementId: async () => newest });
    const readData = async () => ({ reflects: ++newest });
    app.get("/stock", { config: { ledgerPosition: true } }, readData);
    app.get("/health", readData);

    const stock = await app.inject("/stock");
    expect([stock.headers[LEDGER_POSITION_HEADER], stock.json()]).toEqual(["7", { reflects: 8 }]);
    const health = await app.inject("/health");
    expect(health.headers[LEDGER_POSITION_HEADER]).toBeUndefined();
    await app.close();
  });

  it("says 0 while the ledger is empty", async () => {
    const app = Fastify();
    await app.register(ledgerPositionPlugin, { latestMovementId: async () => null });
    app.get("/stock", { config: { ledgerPosition: true } }, async () => []);
    expect((await app.inject("/stock")).headers[LEDGER_POSITION_HEADER]).toBe("0");
    await app.close();
  });
});
