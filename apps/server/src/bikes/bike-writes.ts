import {
  DEFAULT_REORDER_POINT,
  type BikeChange,
  type NewBike,
} from "@ultimate-bikes/contract/bikes";
import type { Kysely, Transaction } from "kysely";
import { randomUUID } from "node:crypto";
import type { Database, StockMovementKind } from "../db/schema.ts";
import { addAtPlace, stockOf } from "../places/place-stock.ts";
import { bikeColumns, toBike, withStock } from "./bike-rows.ts";
import { costPriceCents } from "./bike-details.ts";
import { takeStockNumbers } from "./stock-number-sequence.ts";

/*
 * What the repositories that write bikes share (stock-repository.ts, deleted-bikes-repository.ts,
 * db/seed-repository.ts): every stock change is written with its movement in one transaction,
 * and this process's live subscribers hear of it once it has committed (db/stock-changes.ts).
 */

/** Who made a change, as the ledger records them. */
export interface Actor {
  id: string;
  email: string;
}

export type Executor = Kysely<Database> | Transaction<Database>;

export const now = () => new Date().toISOString();

/** Runs a write in one transaction; the stock changed once it has committed, whatever it returns. */
export function committingWrites(db: Kysely<Database>, committed: () => void) {
  return async function write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(work);
    committed();
    return result;
  };
}

/** A bike's public fields as `executor` sees them (inside a transaction: as it wrote them). */
export async function findBikeIn(executor: Executor, id: string, publicUrl: string) {
  const row = await executor
    .selectFrom("bike")
    .select(bikeColumns)
    .where("bike.id", "=", id)
    .executeTakeFirst();
  return row && withStock(toBike(row, publicUrl), (await stockOf(executor, [id])).get(id));
}

/** A movement of `bike` as a `stock_movement` row: one for recordMovement, or many for one INSERT. */
export function movementValues(
  bike: { id: string; name: string },
  kind: StockMovementKind,
  delta: number,
  quantityAfter: number,
  actor: Actor | null,
  at = now(),
  {
    reference = null,
    changes = null,
    placeId = null,
    placeDelta = null,
    placeQuantityAfter = null,
    inTransitAfter = null,
    transferId = null,
    holdId = null,
  }: {
    reference?: string | null;
    changes?: BikeChange[] | null;
    /** Where the units moved, and how many in (positive) or out there. */
    placeId?: string | null;
    placeDelta?: number | null;
    placeQuantityAfter?: number | null;
    inTransitAfter?: number | null;
    transferId?: string | null;
    /** The hold a hold's step is about (units/holds). */
    holdId?: string | null;
  } = {},
) {
  return {
    bike_id: bike.id,
    bike_name: bike.name,
    kind,
    delta,
    quantity_after: quantityAfter,
    actor_id: actor?.id ?? null,
    actor_email: actor?.email ?? null,
    created_at: at,
    reference,
    changes: changes && JSON.stringify(changes),
    place_id: placeId,
    place_delta: placeDelta,
    place_quantity_after: placeQuantityAfter,
    in_transit_after: inTransitAfter,
    transfer_id: transferId,
    hold_id: holdId,
  };
}

/** Records a movement of `bike` in the transaction of the change it records; its id. */
export async function recordMovement(
  trx: Transaction<Database>,
  ...movement: Parameters<typeof movementValues>
): Promise<number> {
  const row = await trx
    .insertInto("stock_movement")
    .values(movementValues(...movement))
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Inserts a new bike with its opening movement (`owner` null: warehouse stock), its units at
 * `placeId`; returns its id.
 */
export async function insertBikeWithMovement(
  trx: Transaction<Database>,
  bike: NewBike,
  owner: Actor | null,
  kind: "create" | "seed",
  createdAt: string,
  placeId: string,
): Promise<string> {
  const id = randomUUID();
  const stockNumber = await takeStockNumbers(trx, 1);
  await trx
    .insertInto("bike")
    .values({
      id,
      stock_number: stockNumber,
      name: bike.name,
      des: bike.des,
      photo: bike.photo,
      price_cents: Math.round(bike.price * 100),
      cost_price_cents: costPriceCents(bike.costPrice ?? null),
      quantity: bike.quantity,
      supplier_name: bike.supplierName,
      reorder_point: bike.reorderPoint ?? DEFAULT_REORDER_POINT,
      owner_id: owner?.id ?? null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  const atPlace = bike.quantity > 0 ? await addAtPlace(trx, id, placeId, bike.quantity) : 0;
  await recordMovement(
    trx,
    { id, name: bike.name },
    kind,
    bike.quantity,
    bike.quantity,
    owner,
    createdAt,
    { placeId, placeDelta: bike.quantity, placeQuantityAfter: atPlace },
  );
  return id;
}
