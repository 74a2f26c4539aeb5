import type { NewUnit } from "@ultimate-bikes/contract/units";
import { sql, type Transaction } from "kysely";
import { randomUUID } from "node:crypto";
import type { Executor } from "../bikes/bike-writes.ts";
import type { Database } from "../db/schema.ts";
import { refuse } from "./unit-refusals.ts";

/*
 * The units of a tracked model, changed in the transaction that changes its counts
 * (docs/decisions/033): every write here runs after the write has locked the bike's row (its
 * quantity update), so two writes on one model never pick the same unit.
 */

/** A chassis or engine number backwards: its last characters become a prefix an index finds. */
export const reversed = (text: string) => [...text].reverse().join("");

/** Who acts, and whether they may move a unit someone else holds (admins may). */
export interface UnitActor {
  id: string;
  admin: boolean;
}

/** Whether the model tracks its units (its row is locked by the caller's update). */
export async function tracksUnits(executor: Executor, bikeId: string): Promise<boolean> {
  const row = await executor
    .selectFrom("bike")
    .select("tracks_units")
    .where("id", "=", bikeId)
    .executeTakeFirst();
  return Boolean(row?.tracks_units);
}

/** Where a unit is and how, in words: "in stock at Khulna showroom", "in transit". */
export function whereWords(status: string, place: string | null) {
  if (status === "in_transit") return "in transit";
  const at = place ? ` at ${place}` : "";
  if (status === "in_stock") return `in stock${at}`;
  return `${status}${at}`;
}

/**
 * The first of these units whose chassis number, or engine number on this model, is already
 * recorded: refused before anything is written, so the 409 can name it.
 */
export async function refuseRecordedUnits(
  executor: Executor,
  bikeId: string,
  units: readonly NewUnit[],
): Promise<void> {
  if (units.length === 0) return;
  const clash = await executor
    .selectFrom("unit")
    .leftJoin("bike", "bike.id", "unit.bike_id")
    .leftJoin("place", "place.id", "unit.place_id")
    .select([
      "unit.chassis",
      "unit.engine",
      "unit.bike_id",
      "unit.status",
      "bike.name as bike_name",
      "place.name as place_name",
    ])
    .where((eb) =>
      eb.or([
        eb(
          "unit.chassis",
          "in",
          units.map((unit) => unit.chassis),
        ),
        eb.and([
          eb("unit.bike_id", "=", bikeId),
          eb(
            "unit.engine",
            "in",
            units.map((unit) => unit.engine),
          ),
        ]),
      ]),
    )
    .orderBy("unit.chassis")
    .executeTakeFirst();
  if (!clash) return;
  const chassisClash = units.some((unit) => unit.chassis === clash.chassis);
  refuse({
    reason: "duplicate",
    field: chassisClash ? "chassis" : "engine",
    number: chassisClash ? clash.chassis : clash.engine,
    where: `${clash.bike_name ?? "a deleted bike"}, ${whereWords(clash.status, clash.place_name)}`,
  });
}

/** Adds arriving units of a tracked model at a place, in stock; their ids, in the list's order. */
export async function addUnits(
  trx: Transaction<Database>,
  bikeId: string,
  placeId: string,
  units: readonly NewUnit[],
  at: string,
): Promise<string[]> {
  await refuseRecordedUnits(trx, bikeId, units);
  const rows = units.map((unit) => ({
    id: randomUUID(),
    bike_id: bikeId,
    chassis: unit.chassis,
    chassis_reversed: reversed(unit.chassis),
    engine: unit.engine,
    engine_reversed: reversed(unit.engine),
    colour: unit.colour,
    model_year: unit.modelYear,
    status: "in_stock" as const,
    place_id: placeId,
    transfer_id: null,
    arrived_at: at,
    notes: unit.notes ?? "",
    created_at: at,
    updated_at: at,
  }));
  // Within SQLite's 32,766 bound values a statement: 15 columns, 500 units at most a write.
  await trx.insertInto("unit").values(rows).execute();
  return rows.map((row) => row.id);
}

/** Links a ledger entry to the units it moved, for each unit's history. */
export async function linkUnits(
  trx: Transaction<Database>,
  movementId: number,
  unitIds: readonly string[],
): Promise<void> {
  if (unitIds.length === 0) return;
  await trx
    .insertInto("stock_movement_unit")
    .values(unitIds.map((unitId) => ({ unit_id: unitId, movement_id: movementId })))
    .execute();
}

/** A unit as a write checks it: where it is and its open hold, with its maker's name. */
export async function unitWithHold(trx: Transaction<Database>, unitId: string) {
  return trx
    .selectFrom("unit")
    .leftJoin("place", "place.id", "unit.place_id")
    .leftJoin("hold", (join) =>
      join.onRef("hold.unit_id", "=", "unit.id").on("hold.ended_at", "is", null),
    )
    .leftJoin("user as maker", "maker.id", "hold.made_by")
    .select([
      "unit.id",
      "unit.bike_id",
      "unit.chassis",
      "unit.status",
      "unit.place_id",
      "place.name as place_name",
      "hold.id as hold_id",
      "hold.customer_name",
      "hold.made_by",
      "hold.expires_at",
      "maker.name as maker_name",
    ])
    .where("unit.id", "=", unitId)
    .executeTakeFirst();
}

/**
 * The units a delivery or a send takes from a place: the one named (a held one only by its
 * hold's maker or an admin, the hold then ending as delivered), or the oldest in stock there and
 * held by nobody. Refuses when they are not there, or held.
 */
export async function pickUnits(
  trx: Transaction<Database>,
  bikeId: string,
  placeId: string,
  count: number,
  {
    unitIds,
    actor,
    purpose,
  }: { unitIds?: readonly string[]; actor: UnitActor; purpose: "deliver" | "send" },
): Promise<{ unitIds: string[]; endedHolds: string[] }> {
  if (unitIds && unitIds.length > 0) {
    const endedHolds: string[] = [];
    for (const unitId of unitIds) {
      const unit = await unitWithHold(trx, unitId);
      if (!unit || unit.bike_id !== bikeId) refuse({ reason: "no-such-unit" });
      const here =
        unit.place_id === placeId && (unit.status === "in_stock" || unit.status === "held");
      if (!here) {
        refuse({
          reason: "unit-not-here",
          chassis: unit.chassis,
          where: whereWords(unit.status, unit.place_name),
        });
      }
      if (unit.hold_id !== null) {
        const holdersOwn = purpose === "deliver" && (unit.made_by === actor.id || actor.admin);
        if (!holdersOwn) {
          refuse({
            reason: "held",
            chassis: unit.chassis,
            customer: unit.customer_name!,
            holder: unit.maker_name ?? "someone who has left",
            until: new Date(unit.expires_at!).toISOString(),
          });
        }
        endedHolds.push(unit.hold_id);
      }
    }
    return { unitIds: [...unitIds], endedHolds };
  }
  const oldest = await trx
    .selectFrom("unit")
    .select("id")
    .where("bike_id", "=", bikeId)
    .where("place_id", "=", placeId)
    .where("status", "=", "in_stock")
    .orderBy("arrived_at")
    .orderBy("id")
    .limit(count)
    .execute();
  if (oldest.length < count) await refuseHeldAt(trx, bikeId, placeId);
  return { unitIds: oldest.map((unit) => unit.id), endedHolds: [] };
}

/** A model's units under open holds at a place. */
export async function heldAt(trx: Transaction<Database>, bikeId: string, placeId: string) {
  const { held } = await trx
    .selectFrom("hold")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("units"), eb.lit(0)).as("held"))
    .where("bike_id", "=", bikeId)
    .where("place_id", "=", placeId)
    .where("ended_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(held);
}

/** Every unit left at the place is held: the 409 says so (a broken count otherwise). */
async function refuseHeldAt(trx: Transaction<Database>, bikeId: string, placeId: string) {
  const held = await heldAt(trx, bikeId, placeId);
  const place = await trx
    .selectFrom("place")
    .select("name")
    .where("id", "=", placeId)
    .executeTakeFirstOrThrow();
  if (held > 0) refuse({ reason: "all-held", place: place.name, held });
  throw new Error(`The units of bike ${bikeId} at ${placeId} do not match its count`);
}

/** Units delivered: no longer stock, kept with their place and date; their holds end. */
export async function deliverUnits(
  trx: Transaction<Database>,
  bikeId: string,
  picked: { unitIds: string[]; endedHolds: string[] },
  actor: { id: string },
  at: string,
): Promise<void> {
  await trx
    .updateTable("unit")
    .set({ status: "delivered", delivered_at: at, updated_at: at })
    .where("id", "in", picked.unitIds)
    .execute();
  await endHolds(trx, bikeId, picked.endedHolds, "delivered", actor.id, at);
}

/** Ends open holds (a delivery, a release, an expiry): the model's held count drops with them. */
export async function endHolds(
  trx: Transaction<Database>,
  bikeId: string,
  holdIds: readonly string[],
  reason: "delivered" | "released" | "expired",
  by: string | null,
  at: string,
): Promise<void> {
  if (holdIds.length === 0) return;
  const ended = await trx
    .updateTable("hold")
    .set({ ended_at: at, ended_by: by, end_reason: reason })
    .where("id", "in", holdIds)
    .where("ended_at", "is", null)
    .returning(["unit_id", "units"])
    .execute();
  const units = ended.reduce((sum, hold) => sum + hold.units, 0);
  const heldUnits = ended.flatMap((hold) => (hold.unit_id ? [hold.unit_id] : []));
  if (heldUnits.length > 0 && reason !== "delivered") {
    await trx
      .updateTable("unit")
      .set({ status: "in_stock", updated_at: at })
      .where("id", "in", heldUnits)
      .where("status", "=", "held")
      .execute();
  }
  await trx
    .updateTable("bike")
    .set({ held: sql`held - ${units}` })
    .where("id", "=", bikeId)
    .execute();
}

/**
 * An untracked model's delivery may not take units held at the place: the units left there must
 * still cover its open holds.
 */
export async function refuseTakingHeld(
  trx: Transaction<Database>,
  bikeId: string,
  placeId: string,
  leftAtPlace: number,
): Promise<void> {
  if (leftAtPlace < (await heldAt(trx, bikeId, placeId))) await refuseHeldAt(trx, bikeId, placeId);
}

/** Units leave a place on a transfer: in transit, at no place, until received. */
export async function sendUnits(
  trx: Transaction<Database>,
  unitIds: readonly string[],
  transferId: string,
  at: string,
): Promise<void> {
  if (unitIds.length === 0) return;
  await trx
    .updateTable("unit")
    .set({ status: "in_transit", place_id: null, transfer_id: transferId, updated_at: at })
    .where("id", "in", unitIds)
    .execute();
}

/**
 * A transfer's units of one model arrive: those named (all when `arrivedIds` is undefined and
 * none is missing) in stock at the destination, the others missing there. Their ids.
 */
export async function receiveUnits(
  trx: Transaction<Database>,
  bikeId: string,
  transferId: string,
  destinationId: string,
  arrivedIds: readonly string[],
  at: string,
): Promise<{ arrived: string[]; missing: string[] }> {
  const carried = await trx
    .selectFrom("unit")
    .select("id")
    .where("transfer_id", "=", transferId)
    .where("bike_id", "=", bikeId)
    .execute();
  const arrivedSet = new Set(arrivedIds);
  const arrived = carried.filter((unit) => arrivedSet.has(unit.id)).map((unit) => unit.id);
  const missing = carried.filter((unit) => !arrivedSet.has(unit.id)).map((unit) => unit.id);
  for (const [ids, status] of [
    [arrived, "in_stock"],
    [missing, "missing"],
  ] as const) {
    if (ids.length === 0) continue;
    await trx
      .updateTable("unit")
      .set({ status, place_id: destinationId, transfer_id: null, updated_at: at })
      .where("id", "in", ids)
      .execute();
  }
  return { arrived, missing };
}

/** The units a transfer carries of one model (their ids, oldest arrival first). */
export async function unitsOnTransfer(
  executor: Executor,
  transferId: string,
  bikeId: string,
): Promise<string[]> {
  const rows = await executor
    .selectFrom("unit")
    .select("id")
    .where("transfer_id", "=", transferId)
    .where("bike_id", "=", bikeId)
    .orderBy("arrived_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}
