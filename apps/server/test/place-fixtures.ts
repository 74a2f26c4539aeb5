import type { AppConfig } from "../src/config.ts";
import { randomUUID } from "node:crypto";
import { placeListSchema, type Place } from "@ultimate-bikes/contract/places";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { recordMovement } from "../src/bikes/bike-writes.ts";
import { openDatabase } from "../src/db/database.ts";
import { takeFromPlace } from "../src/places/place-stock.ts";
import type { TestUser } from "./accounts.ts";
import { send } from "./stock-helpers.ts";

/*
 * Places and transfers for the tests of the screens that read them (ledger, CSV, dashboard),
 * written straight to the app's database as the places and transfers routes write them.
 */

/** Every place, archived ones too, by name. */
export async function placesByName(
  app: FastifyInstance,
  user: TestUser,
): Promise<Map<string, Place>> {
  const response = await send(app, user, "GET", "/api/places?archived=include");
  if (response.statusCode !== 200) throw new Error(`places failed: ${response.body}`);
  return new Map(placeListSchema.parse(response.json()).map((place) => [place.name, place]));
}

/**
 * A transfer sent from `sourceId` to `destinationId`, written straight to the app's database as a
 * send does (the units leave the source and are in transit, a `send` ledger entry a line): for
 * tests of the screens that read transfers, not of transfers themselves. Its id and number.
 */
export async function sendTransferDirectly(
  { app, config }: { app: FastifyInstance; config: AppConfig },
  lines: readonly { bikeId: string; quantity: number }[],
  sourceId: string,
  destinationId: string,
): Promise<{ id: string; number: number }> {
  const { db } = openDatabase(config.database, app.log);
  try {
    return await db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      const id = randomUUID();
      const { last_number: number } = await trx
        .updateTable("stock_number_sequence")
        .set({ last_number: sql`last_number + 1` })
        .where("name", "=", "transfer")
        .returning("last_number")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("transfer")
        .values({
          id,
          number: Number(number),
          source_place_id: sourceId,
          destination_place_id: destinationId,
          reference: null,
          status: "sent",
          created_by: null,
          created_at: at,
          sent_by: null,
          sent_at: at,
          received_by: null,
          received_at: null,
          cancelled_by: null,
          cancelled_at: null,
          updated_at: at,
        })
        .execute();
      for (const [position, line] of lines.entries()) {
        const bike = await trx
          .updateTable("bike")
          .set({ in_transit: sql`in_transit + ${line.quantity}` })
          .where("id", "=", line.bikeId)
          .returning(["name", "quantity", "in_transit"])
          .executeTakeFirstOrThrow();
        const left = await takeFromPlace(trx, line.bikeId, sourceId, line.quantity);
        if (left === undefined) throw new Error(`too few of ${line.bikeId} at the source`);
        await trx
          .insertInto("transfer_line")
          .values({
            transfer_id: id,
            position,
            bike_id: line.bikeId,
            bike_name: bike.name,
            quantity: line.quantity,
            received: null,
            shortfall_reason: null,
          })
          .execute();
        await recordMovement(
          trx,
          { id: line.bikeId, name: bike.name },
          "send",
          0,
          bike.quantity,
          null,
          at,
          {
            placeId: sourceId,
            placeDelta: -line.quantity,
            placeQuantityAfter: left,
            inTransitAfter: bike.in_transit,
            transferId: id,
          },
        );
      }
      return { id, number: Number(number) };
    });
  } finally {
    await db.destroy();
  }
}

/** A showroom named `name`, archived when asked; its id. */
export async function addPlaceDirectly(
  { app, config }: { app: FastifyInstance; config: AppConfig },
  name: string,
  { archived = false } = {},
): Promise<string> {
  const { db } = openDatabase(config.database, app.log);
  try {
    const id = randomUUID();
    const at = new Date().toISOString();
    await db
      .insertInto("place")
      .values({
        id,
        name,
        kind: "showroom",
        city: "Barisal",
        address: null,
        archived_at: archived ? at : null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  } finally {
    await db.destroy();
  }
}
