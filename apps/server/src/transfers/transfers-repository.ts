// Over 300 lines: every step of a transfer, sharing its refusals and the transaction that undoes them.
import type { FieldError } from "@ultimate-bikes/contract/errors";
import type { NewTransfer } from "@ultimate-bikes/contract/transfers";
import { sql, type Kysely, type Transaction } from "kysely";
import { randomUUID } from "node:crypto";
import {
  committingWrites,
  movementValues,
  now,
  recordMovement,
  type Actor,
} from "../bikes/bike-writes.ts";
import type { DatabaseKind } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { addAtPlace, checkPlace } from "../places/place-stock.ts";
import { UnitRefusalError, type UnitRefusal } from "../units/unit-refusals.ts";
import {
  linkUnits,
  pickUnits,
  receiveUnits,
  refuseTakingHeld,
  sendUnits,
  unitsOnTransfer,
} from "../units/unit-stock.ts";
import { readTransfer, readTransferPage } from "./transfer-reads.ts";
import { receiptProblems, type ReceiptLine } from "./transfer-receipts.ts";

/*
 * Transfers (issue 23, docs/decisions/027): the documents and the stock they move. Each step is
 * one transaction that first changes the transfer's status with a conditional UPDATE (so of two
 * concurrent sends or receives exactly one finds the status it expects), then each line's bike
 * row, in ascending bike id, then that bike's row at the place: the lock order of every stock
 * write (places/place-stock.ts). A refusal found halfway undoes the transaction by a throw.
 */

/** A line, as refusals name it: its index in the request or on the transfer (0-based). */
export interface LineRef {
  index: number;
  bikeId: string;
  bikeName: string;
}

/** A line the source holds too few of: what it holds and what was asked. */
export interface ShortLine extends LineRef {
  asked: number;
  available: number;
  place: string;
}

/** What a write did, or why it did nothing. The rules turn refusals into answers. */
export type TransferWrite =
  | { status: "done"; id: string }
  /** No transfer in the status the step needs: missing, or in another state (the rules read which). */
  | { status: "not-in-state"; id: string }
  /** A place the transfer joins was archived since it was written. */
  | { status: "place-archived"; name: string }
  /** Lines naming bikes that are not in stock (unknown, or deleted since the draft). */
  | { status: "no-such-bikes"; lines: LineRef[] }
  | { status: "short"; lines: ShortLine[] }
  /** A receipt that does not fit the transfer's lines. */
  | { status: "bad-receipt"; fields: FieldError[] }
  /** A unit that may not leave (held), or too few units free to go (units/unit-refusals.ts). */
  | { status: "unit-refusal"; refusal: UnitRefusal };

type Refusal = Exclude<TransferWrite, { status: "done" }>;

/** Thrown inside a transaction to undo it, carrying the refusal to answer. */
class Undo extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super(refusal.status);
    this.refusal = refusal;
  }
}

/** Raises the `transfer` row of the number sequence in `trx`; the new transfer's number. */
async function takeTransferNumber(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .updateTable("stock_number_sequence")
    .set({ last_number: sql`last_number + 1` })
    .where("name", "=", "transfer")
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** The transfer's lines, in the lock order: ascending bike id. */
function linesInLockOrder(trx: Transaction<Database>, transferId: string) {
  return trx
    .selectFrom("transfer_line")
    .select(["bike_id", "bike_name", "quantity", "position"])
    .where("transfer_id", "=", transferId)
    .orderBy("bike_id")
    .execute();
}

/** `case <column> when <bike id> then <units> … end`: each line's units, by its bike. */
function unitsByBike(
  column: "id" | "bike_id",
  lines: readonly { bike_id: string; quantity: number }[],
) {
  const cases = lines.map(
    (line) => sql`when ${line.bike_id} then cast(${line.quantity} as integer)`,
  );
  return sql<number>`case ${sql.ref(column)} ${sql.join(cases, sql` `)} end`;
}

/**
 * Sends a draft in `trx`: every line leaves the source for transit, or the throw undoes it all.
 * A few statements for all the lines, however many (a 20-line send costs about what a delivery
 * does): the bikes' rows locked in ascending id, then each bike's units in transit and at the
 * source changed by one UPDATE each, then the ledger.
 */
async function sendIn(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  transferId: string,
  actor: Actor,
  at: string,
): Promise<TransferWrite> {
  const transfer = await trx
    .updateTable("transfer")
    .set({ status: "sent", sent_by: actor.id, sent_at: at, updated_at: at })
    .where("id", "=", transferId)
    .where("status", "=", "draft")
    .returning(["reference", "source_place_id", "destination_place_id"])
    .executeTakeFirst();
  if (!transfer) return { status: "not-in-state", id: transferId };
  const source = transfer.source_place_id;
  // Its places may have been archived since the draft was written.
  const archived = await trx
    .selectFrom("place")
    .select("name")
    .where("id", "in", [source, transfer.destination_place_id])
    .where("archived_at", "is not", null)
    .orderBy("name")
    .executeTakeFirst();
  if (archived) throw new Undo({ status: "place-archived", name: archived.name });

  const lines = await linesInLockOrder(trx, transferId);
  const bikeIds = lines.map((line) => line.bike_id);
  // PostgreSQL locks an UPDATE's rows in no set order: these locks come first, in id order.
  // SQLite has one writer at a time.
  if (kind === "postgres") {
    await trx
      .selectFrom("bike")
      .select("id")
      .where("id", "in", bikeIds)
      .orderBy("id")
      .forUpdate()
      .execute();
  }
  // Units in transit count in the quantity, which stays as it is.
  const bikes = await trx
    .updateTable("bike")
    .set({ in_transit: sql`in_transit + ${unitsByBike("id", lines)}`, updated_at: at })
    .where("id", "in", bikeIds)
    .returning(["id", "name", "quantity", "in_transit", "tracks_units"])
    .execute();
  const taken = await trx
    .updateTable("bike_stock")
    .set({ quantity: sql`quantity - ${unitsByBike("bike_id", lines)}` })
    .where("place_id", "=", source)
    .where("bike_id", "in", bikeIds)
    .where(sql<boolean>`quantity >= ${unitsByBike("bike_id", lines)}`)
    .returning(["bike_id", "quantity"])
    .execute();

  const bikeById = new Map(bikes.map((bike) => [bike.id, bike]));
  const leftAtSource = new Map(taken.map((row) => [row.bike_id, row.quantity]));
  // Named in the transfer's order, not the lock order.
  const inLineOrder = [...lines].sort((a, b) => a.position - b.position);
  const gone = inLineOrder.filter((line) => !bikeById.has(line.bike_id));
  if (gone.length) {
    throw new Undo({ status: "no-such-bikes", lines: gone.map(lineRef) });
  }
  const short = inLineOrder.filter((line) => !leftAtSource.has(line.bike_id));
  if (short.length) {
    const there = await unitsAt(
      trx,
      short.map((line) => line.bike_id),
      source,
    );
    throw new Undo({
      status: "short",
      lines: short.map((line) => ({
        ...lineRef(line),
        bikeName: bikeById.get(line.bike_id)!.name,
        asked: line.quantity,
        available: there.units.get(line.bike_id) ?? 0,
        place: there.place,
      })),
    });
  }
  const movements = await trx
    .insertInto("stock_movement")
    .values(
      lines.map((line) => {
        const bike = bikeById.get(line.bike_id)!;
        return movementValues(bike, "send", 0, bike.quantity, actor, at, {
          placeId: source,
          placeDelta: -line.quantity,
          placeQuantityAfter: leftAtSource.get(line.bike_id)!,
          inTransitAfter: bike.in_transit,
          transferId,
          reference: transfer.reference,
        });
      }),
    )
    .returning(["id", "bike_id"])
    .execute();
  // The units go with their counts: a tracked model's oldest free units at the source (a held
  // one never leaves on a transfer), an untracked model's without its held ones.
  for (const line of lines) {
    const bike = bikeById.get(line.bike_id)!;
    if (!bike.tracks_units) {
      await refuseTakingHeld(trx, bike.id, source, leftAtSource.get(line.bike_id)!);
      continue;
    }
    const picked = await pickUnits(trx, bike.id, source, line.quantity, {
      actor: { id: actor.id, admin: false },
      purpose: "send",
    });
    await sendUnits(trx, picked.unitIds, transferId, at);
    const movement = movements.find((row) => row.bike_id === bike.id)!;
    await linkUnits(trx, Number(movement.id), picked.unitIds);
  }
  return { status: "done", id: transferId };
}

/**
 * A tracked model's line arriving: its units all arrive, or (fewer arrived) those the receipt
 * names, the others missing at the destination. A shortfall without the units named, or naming
 * units the line does not carry, undoes the receipt.
 */
async function unitsArriving(
  trx: Transaction<Database>,
  transferId: string,
  line: { bike_id: string; quantity: number },
  receipt: readonly ReceiptLine[],
  destination: string,
  at: string,
) {
  const carried = await unitsOnTransfer(trx, transferId, line.bike_id);
  const index = receipt.findIndex((entry) => entry.bikeId === line.bike_id);
  const arrival = receipt[index];
  const arrived = arrival?.received ?? line.quantity;
  const named = arrival?.unitIds;
  const field = index < 0 ? "body.lines" : `body.lines.${index}.unitIds`;
  if (named === undefined) {
    if (arrived < carried.length) {
      throw new Undo({
        status: "bad-receipt",
        fields: [{ field, message: "must name the units that arrived (scan them)" }],
      });
    }
    return receiveUnits(trx, line.bike_id, transferId, destination, carried, at);
  }
  const onLine = new Set(carried);
  if (named.length !== arrived || named.some((unitId) => !onLine.has(unitId))) {
    throw new Undo({
      status: "bad-receipt",
      fields: [{ field, message: `must name the ${arrived} units that arrived, of those sent` }],
    });
  }
  return receiveUnits(trx, line.bike_id, transferId, destination, named, at);
}

const lineRef = (line: { position: number; bike_id: string; bike_name: string }): LineRef => ({
  index: line.position,
  bikeId: line.bike_id,
  bikeName: line.bike_name,
});

/** Bikes' units at a place and the place's name, for short lines' message. */
async function unitsAt(trx: Transaction<Database>, bikeIds: string[], placeId: string) {
  const place = await trx
    .selectFrom("place")
    .select("name")
    .where("id", "=", placeId)
    .executeTakeFirstOrThrow();
  const rows = await trx
    .selectFrom("bike_stock")
    .select(["bike_id", "quantity"])
    .where("place_id", "=", placeId)
    .where("bike_id", "in", bikeIds)
    .execute();
  return { place: place.name, units: new Map(rows.map((row) => [row.bike_id, row.quantity])) };
}

export function createTransfersRepository(
  { db, kind }: { db: Kysely<Database>; kind: DatabaseKind },
  { committed = () => {} }: { committed?: () => void } = {},
) {
  const write = committingWrites(db, committed);

  /** Runs a step's transaction; a refusal thrown inside undoes it and is answered. */
  async function step(
    work: (trx: Transaction<Database>) => Promise<TransferWrite>,
  ): Promise<TransferWrite> {
    try {
      return await write(work);
    } catch (error) {
      if (error instanceof Undo) return error.refusal;
      if (error instanceof UnitRefusalError)
        return { status: "unit-refusal", refusal: error.refusal };
      throw error;
    }
  }

  return {
    find: (id: string) => readTransfer(db, { id }),
    findByNumber: (number: number) => readTransfer(db, { number }),
    page: (query: Parameters<typeof readTransferPage>[1]) => readTransferPage(db, query),
    /** Whether a place a transfer names exists and takes stock. */
    checkPlace: (placeId: string) => checkPlace(db, placeId),

    /** A draft with its number, its lines' bikes named as they are now; sent at once if asked. */
    create: (transfer: NewTransfer, actor: Actor): Promise<TransferWrite> =>
      step(async (trx) => {
        const bikeIds = transfer.lines.map((line) => line.bikeId);
        const bikes = await trx
          .selectFrom("bike")
          .select(["id", "name"])
          .where("id", "in", bikeIds)
          .execute();
        const names = new Map(bikes.map((bike) => [bike.id, bike.name]));
        const unknown = transfer.lines
          .map((line, index) => ({ index, bikeId: line.bikeId, bikeName: "" }))
          .filter((line) => !names.has(line.bikeId));
        if (unknown.length) return { status: "no-such-bikes", lines: unknown };
        const id = randomUUID();
        const at = now();
        await trx
          .insertInto("transfer")
          .values({
            id,
            number: await takeTransferNumber(trx),
            source_place_id: transfer.sourcePlaceId,
            destination_place_id: transfer.destinationPlaceId,
            reference: transfer.reference ?? null,
            status: "draft",
            created_by: actor.id,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await trx
          .insertInto("transfer_line")
          .values(
            transfer.lines.map((line, position) => ({
              transfer_id: id,
              position,
              bike_id: line.bikeId,
              bike_name: names.get(line.bikeId)!,
              quantity: line.quantity,
            })),
          )
          .execute();
        if (!transfer.send) return { status: "done", id };
        return sendIn(trx, kind, id, actor, at);
      }),

    send: (id: string, actor: Actor) => step((trx) => sendIn(trx, kind, id, actor, now())),

    /**
     * Receives a sent transfer at its destination: each line's arrivals join the place, and what
     * did not arrive leaves the bike's quantity as a `shortfall` with its reason.
     */
    receive: (id: string, receipt: readonly ReceiptLine[], actor: Actor): Promise<TransferWrite> =>
      step(async (trx) => {
        const at = now();
        const transfer = await trx
          .updateTable("transfer")
          .set({ status: "received", received_by: actor.id, received_at: at, updated_at: at })
          .where("id", "=", id)
          .where("status", "=", "sent")
          .returning(["reference", "destination_place_id"])
          .executeTakeFirst();
        if (!transfer) return { status: "not-in-state", id };
        const destination = transfer.destination_place_id;
        const lines = await linesInLockOrder(trx, id);
        const problems = receiptProblems(
          receipt,
          new Map(lines.map((line) => [line.bike_id, line.quantity])),
        );
        if (problems.length) throw new Undo({ status: "bad-receipt", fields: problems });
        const arrivals = new Map(receipt.map((line) => [line.bikeId, line]));
        for (const line of lines) {
          const arrival = arrivals.get(line.bike_id);
          const arrived = arrival?.received ?? line.quantity;
          const shortfall = line.quantity - arrived;
          const reason = shortfall > 0 ? (arrival?.reason ?? null) : null;
          const bike = await trx
            .updateTable("bike")
            .set({
              in_transit: sql`in_transit - ${line.quantity}`,
              quantity: sql`quantity - ${shortfall}`,
              updated_at: at,
            })
            .where("id", "=", line.bike_id)
            .returning(["id", "name", "quantity", "in_transit", "tracks_units"])
            .executeTakeFirst();
          // A bike with units in transit cannot be deleted, so this is only a safeguard.
          if (!bike) {
            throw new Undo({
              status: "no-such-bikes",
              lines: [{ index: line.position, bikeId: line.bike_id, bikeName: line.bike_name }],
            });
          }
          await trx
            .updateTable("transfer_line")
            .set({ received: arrived, shortfall_reason: reason })
            .where("transfer_id", "=", id)
            .where("bike_id", "=", line.bike_id)
            .execute();
          const units = bike.tracks_units
            ? await unitsArriving(trx, id, line, receipt, destination, at)
            : { arrived: [], missing: [] };
          // The receipt, then the shortfall: each entry's totals are those it leaves.
          if (arrived > 0) {
            const movementId = await recordMovement(
              trx,
              bike,
              "receive",
              0,
              bike.quantity + shortfall,
              actor,
              at,
              {
                placeId: destination,
                placeDelta: arrived,
                placeQuantityAfter: await addAtPlace(trx, bike.id, destination, arrived),
                inTransitAfter: bike.in_transit + shortfall,
                transferId: id,
                reference: transfer.reference,
              },
            );
            await linkUnits(trx, movementId, units.arrived);
          }
          if (shortfall > 0) {
            const movementId = await recordMovement(
              trx,
              bike,
              "shortfall",
              -shortfall,
              bike.quantity,
              actor,
              at,
              { inTransitAfter: bike.in_transit, transferId: id, reference: reason },
            );
            await linkUnits(trx, movementId, units.missing);
          }
        }
        return { status: "done", id };
      }),

    /** Cancels a draft: nothing moved, so nothing moves back and the ledger has nothing to say. */
    async cancel(id: string, actor: Actor): Promise<TransferWrite> {
      const at = now();
      const cancelled = await db
        .updateTable("transfer")
        .set({ status: "cancelled", cancelled_by: actor.id, cancelled_at: at, updated_at: at })
        .where("id", "=", id)
        .where("status", "=", "draft")
        .executeTakeFirst();
      return Number(cancelled.numUpdatedRows) === 1
        ? { status: "done", id }
        : { status: "not-in-state", id };
    },
  };
}

export type TransfersRepository = ReturnType<typeof createTransfersRepository>;
