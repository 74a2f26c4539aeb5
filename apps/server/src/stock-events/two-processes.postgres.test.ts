import { bikeSchema, insertedSchema } from "@ultimate-bikes/contract/bikes";
import {
  STOCK_EVENT,
  STOCK_READY_EVENT,
  stockEventSchema,
} from "@ultimate-bikes/contract/stock-events";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import { freePort } from "@ultimate-bikes/test-support/postgres-cluster";
import {
  createScratchDatabase,
  type ScratchDatabase,
} from "@ultimate-bikes/test-support/scratch-postgres";
import { openEventStream } from "@ultimate-bikes/test-support/sse-client";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  signUpOver,
  startAppProcess,
  stopAppProcess,
  type AppProcess,
} from "../../test/app-process.ts";

async function quantityOver(origin: string, id: string): Promise<number> {
  const response = await fetch(`${origin}/api/bikes/${id}`);
  expect(response.status).toBe(200);
  return bikeSchema.parse(await response.json()).quantity;
}

describe("live stock events between two app processes on one PostgreSQL database", () => {
  let database: ScratchDatabase | undefined;
  let dataDir: string | undefined;
  let first: AppProcess | undefined;
  let second: AppProcess | undefined;

  beforeAll(async () => {
    const adminUrl = process.env.DATABASE_URL_TEST;
    if (!adminUrl) throw new Error("This test needs DATABASE_URL_TEST (see scripts/test.sh)");
    database = await createScratchDatabase(adminUrl, "ub_test");
    dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
    // One secret for both, as servers behind one load balancer share it.
    const shared = {
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
    };
    const start = async (name: string, seed: string) =>
      startAppProcess(await freePort(), {
        ...shared,
        DATA_DIR: path.join(dataDir!, name),
        SEED: seed,
      });
    first = await start("a", "on");
    second = await start("b", "off");
  }, 60_000);

  afterAll(async () => {
    await Promise.all([stopAppProcess(first), stopAppProcess(second)]);
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("sends a delivery made through one process to a subscriber of the other", async () => {
    const a = first!.origin;
    const b = second!.origin;
    const cookie = await signUpOver(a);
    const added = await fetch(`${a}/api/bikes`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: a },
      body: JSON.stringify(newBikeBody({ quantity: "6" })),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const id = insertedSchema.parse(await added.json()).insertedId;

    const stream = await openEventStream(`${b}/api/stock/events`);
    try {
      expect(stream.status).toBe(200);
      await stream.next(STOCK_READY_EVENT);
      // Read on B twice first, so a stale cached answer would show below.
      expect(await quantityOver(b, id)).toBe(6);
      expect(await quantityOver(b, id)).toBe(6);

      const delivered = await fetch(`${a}/api/bikes/${id}/deliveries`, {
        method: "POST",
        headers: { cookie, origin: a },
      });
      expect(delivered.status, await delivered.text()).toBe(200);

      // The bike's `create` may come first: it committed just before B's stream went live.
      const event = await stream.next((candidate) => {
        const data = stockEventSchema.safeParse(JSON.parse(candidate.data));
        return data.success && data.data.bikeId === id && data.data.kind === "deliver";
      }, 10_000);
      expect(event.event).toBe(STOCK_EVENT);
      expect(stockEventSchema.parse(JSON.parse(event.data))).toMatchObject({
        bikeId: id,
        kind: "deliver",
        delta: -1,
        quantity: 5,
      });
      expect(await quantityOver(b, id)).toBe(5);

      const movements = await fetch(`${b}/api/bikes/${id}/movements?limit=1`, {
        headers: { cookie },
      });
      expect(movements.status).toBe(200);
      const [newest] = (await movements.json()) as { id: number }[];
      expect(event.id).toBe(String(newest!.id));
    } finally {
      stream.close();
    }
  });
});
