import type { HoldRecord } from "@ultimate-bikes/contract/holds";
import { sql, type Kysely, type Transaction } from "kysely";
import { randomUUID } from "node:crypto";
import {
  committingWrites,
  recordMovement,
  type Actor,
  type Executor,
} from "../bikes/bike-writes.ts";
import type { DatabaseKind } from "../db/database.ts";
import { toIsoTimestamp, type Database, type Timestamp } from "../db/schema.ts";
import { refuse, UnitRefusalError, type UnitRefusal } from "../units/unit-refusals.ts";
import {
  endHolds,
  heldAt,
  linkUnits,
  unitWithHold,
  whereWords,
  type UnitActor,
} from "../units/unit-stock.ts";

/** Who holds, releases or extends: as the ledger records them, and whether an admin. */
export type HoldActor = Actor & UnitActor;

/** The customer and the expiry a new hold records. */
export interface NewHold {
  customerName: string;
  customerPhone: string;
  reference?: string | undefined;
  expiresAt: string;
}

/** What a hold write did: done (the hold's id), refused with the reason, or nothing to act on. */
export type HoldWrite = { holdId: string } | { refusal: UnitRefusal } | undefined;

/** An expired hold whose maker is to be told, claimed by this server. */
export interface ExpiryMail {
  holdId: string;
  bikeId: string;
  bikeName: string;
  unitId: string | null;
  chassis: string | null;
  units: number;
  place: string;
  customerName: string;
  expiresAt: string;
  makerEmail: string | null;
  makerName: string | null;
}

/** The 409 for a hold that is someone else's: for whom, by whom, until when. */
function refuseHeld(hold: {
  chassis: string | null;
  customer_name: string | null;
  maker_name: string | null;
  expires_at: Timestamp | null;
}): never {
  refuse({
    reason: "held",
    chassis: hold.chassis,
    customer: hold.customer_name!,
    holder: hold.maker_name ?? "someone who has left",
    until: toIsoTimestamp(hold.expires_at!),
  });
}

/**
 * Holds (issue 24, section 3; docs/decisions/033). Every write locks the bike's row first (an
 * UPDATE of its `held`), then changes the hold, the unit and the ledger in the same transaction,
 * so `bike.held` is always the units under open holds and two holds of one unit cannot both
 * win. `clock` is the time holds are made, end and expire at (a test moves it on).
 */
export function createHoldsRepository(
  db: Kysely<Database>,
  {
    kind,
    committed = () => {},
    clock,
  }: { kind: DatabaseKind; committed?: () => void; clock: () => Date },
) {
  const write = committingWrites(db, committed);

  /** Runs a hold write; a refusal thrown inside undoes it and comes back as a value. */
  async function refusable(work: (trx: Transaction<Database>) => Promise<HoldWrite>) {
    try {
      return await write(work);
    } catch (error) {
      if (error instanceof UnitRefusalError) return { refusal: error.refusal };
      throw error;
    }
  }

  /**
   * Locks the bike's row, changing its held count by `change` (a hold's end changes it in
   * endHolds, after); the row, or none. Its `updated_at` moves, as a transfer's does.
   */
  const lockBike = (trx: Transaction<Database>, bikeId: string, change: number) =>
    trx
      .updateTable("bike")
      .set({ held: sql`held + ${change}`, updated_at: clock().toISOString() })
      .where("id", "=", bikeId)
      .returning(["id", "name", "quantity", "tracks_units"])
      .executeTakeFirst();

  /** A hold with its place, unit and maker, as the routes answer it. */
  function recordQuery(executor: Executor = db) {
    return executor
      .selectFrom("hold")
      .innerJoin("place", "place.id", "hold.place_id")
      .leftJoin("unit", "unit.id", "hold.unit_id")
      .leftJoin("user as maker", "maker.id", "hold.made_by")
      .select([
        "hold.id",
        "hold.bike_id",
        "hold.place_id",
        "place.name as place_name",
        "hold.unit_id",
        "unit.chassis",
        "hold.units",
        "hold.customer_name",
        "hold.customer_phone",
        "hold.reference",
        "hold.expires_at",
        "hold.made_by",
        "hold.made_at",
        "hold.ended_at",
        "hold.end_reason",
        "maker.name as maker_name",
      ]);
  }
  type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>["execute"]>>[number];
  const toRecord = (row: RecordRow): HoldRecord => ({
    id: row.id,
    bikeId: row.bike_id,
    placeId: row.place_id,
    place: row.place_name,
    unitId: row.unit_id,
    chassis: row.chassis,
    units: row.units,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    reference: row.reference,
    expiresAt: toIsoTimestamp(row.expires_at),
    madeBy: row.maker_name,
    madeById: row.made_by,
    madeAt: toIsoTimestamp(row.made_at),
    endedAt: row.ended_at === null ? null : toIsoTimestamp(row.ended_at),
    endReason: row.end_reason,
  });

  /** Inserts a hold and its `hold` ledger entry (linked to its unit, if one). */
  async function insertHold(
    trx: Transaction<Database>,
    bike: { id: string; name: string; quantity: number },
    placeId: string,
    unitId: string | null,
    units: number,
    hold: NewHold,
    actor: HoldActor,
  ): Promise<string> {
    const at = clock().toISOString();
    const id = randomUUID();
    await trx
      .insertInto("hold")
      .values({
        id,
        bike_id: bike.id,
        place_id: placeId,
        unit_id: unitId,
        units,
        customer_name: hold.customerName,
        customer_phone: hold.customerPhone,
        reference: hold.reference ?? null,
        expires_at: new Date(hold.expiresAt).toISOString(),
        made_by: actor.id,
        made_at: at,
      })
      .execute();
    const movementId = await recordMovement(trx, bike, "hold", 0, bike.quantity, actor, at, {
      reference: hold.reference ?? null,
      placeId,
      holdId: id,
    });
    await linkUnits(trx, movementId, unitId ? [unitId] : []);
    return id;
  }

  /**
   * An open hold, read once its bike's row is locked, that `actor` may end or extend (its maker
   * or an admin). Refused when it has ended, or is someone else's.
   */
  async function ownOpenHold(trx: Transaction<Database>, holdId: string, actor: HoldActor) {
    const hold = await recordQuery(trx).where("hold.id", "=", holdId).executeTakeFirstOrThrow();
    if (hold.ended_at !== null) refuse({ reason: "not-held", chassis: hold.chassis });
    if (hold.made_by !== actor.id && !actor.admin) refuseHeld(hold);
    return hold;
  }

  /** The bike of a hold (fixed for its life), to lock first; undefined: no such hold. */
  const bikeOfHold = (holdId: string) =>
    db.selectFrom("hold").select("bike_id").where("id", "=", holdId).executeTakeFirst();

  /** Ends a hold `actor` may end: released, its units available again, with a `release` entry. */
  function release(holdId: string, bikeId: string, actor: HoldActor) {
    return refusable(async (trx) => {
      const bike = (await lockBike(trx, bikeId, 0))!;
      const hold = await ownOpenHold(trx, holdId, actor);
      const at = clock().toISOString();
      await endHolds(trx, bikeId, [holdId], "released", actor.id, at);
      const movementId = await recordMovement(trx, bike, "release", 0, bike.quantity, actor, at, {
        reference: hold.reference,
        placeId: hold.place_id,
        holdId,
      });
      await linkUnits(trx, movementId, hold.unit_id ? [hold.unit_id] : []);
      return { holdId };
    });
  }

  /** Moves a hold's expiry (the route checked it), with a `hold-extend` entry. */
  function extend(holdId: string, bikeId: string, expiresAt: string, actor: HoldActor) {
    return refusable(async (trx) => {
      const bike = (await lockBike(trx, bikeId, 0))!;
      const hold = await ownOpenHold(trx, holdId, actor);
      await trx
        .updateTable("hold")
        .set({ expires_at: new Date(expiresAt).toISOString() })
        .where("id", "=", holdId)
        .execute();
      const at = clock().toISOString();
      const movementId = await recordMovement(
        trx,
        bike,
        "hold-extend",
        0,
        bike.quantity,
        actor,
        at,
        { reference: hold.reference, placeId: hold.place_id, holdId },
      );
      await linkUnits(trx, movementId, hold.unit_id ? [hold.unit_id] : []);
      return { holdId };
    });
  }

  /** The open hold of a unit and its bike; undefined: no such unit. */
  async function openHoldOfUnit(unitId: string) {
    const unit = await db
      .selectFrom("unit")
      .leftJoin("hold", (join) =>
        join.onRef("hold.unit_id", "=", "unit.id").on("hold.ended_at", "is", null),
      )
      .select(["unit.bike_id", "unit.chassis", "hold.id as hold_id"])
      .where("unit.id", "=", unitId)
      .executeTakeFirst();
    return unit;
  }

  /** Acts on a unit's open hold by its id; refused as "not held" when it has none. */
  async function onUnitHold(
    unitId: string,
    act: (holdId: string, bikeId: string) => Promise<HoldWrite>,
  ): Promise<HoldWrite> {
    const unit = await openHoldOfUnit(unitId);
    if (!unit) return undefined;
    if (unit.hold_id === null) return { refusal: { reason: "not-held", chassis: unit.chassis } };
    return act(unit.hold_id, unit.bike_id);
  }

  /** Acts on a hold by its id (its bike found first, to lock). */
  async function onHold(
    holdId: string,
    act: (holdId: string, bikeId: string) => Promise<HoldWrite>,
  ): Promise<HoldWrite> {
    const hold = await bikeOfHold(holdId);
    return hold && act(holdId, hold.bike_id);
  }

  /**
   * Ends one expired hold, if it is still open and due once its bike's row is locked (a release,
   * an extension or another server may have come first): its units available again, with a
   * `hold-expire` entry by nobody. Whether it ended it.
   */
  async function expireOne(holdId: string, bikeId: string): Promise<boolean> {
    return write(async (trx) => {
      const bike = await lockBike(trx, bikeId, 0);
      const at = clock().toISOString();
      const hold = await trx
        .selectFrom("hold")
        .select(["place_id", "unit_id", "reference"])
        .where("id", "=", holdId)
        .where("ended_at", "is", null)
        .where("expires_at", "<=", at)
        .executeTakeFirst();
      if (!bike || !hold) return false;
      await endHolds(trx, bikeId, [holdId], "expired", null, at);
      const movementId = await recordMovement(
        trx,
        bike,
        "hold-expire",
        0,
        bike.quantity,
        null,
        at,
        {
          reference: hold.reference,
          placeId: hold.place_id,
          holdId,
        },
      );
      await linkUnits(trx, movementId, hold.unit_id ? [hold.unit_id] : []);
      return true;
    });
  }

  return {
    /**
     * Holds a unit of a tracked model that is in stock, for a customer. Refused when it is held
     * already (naming by whom and until when), not in stock, or its model does not track units.
     * Undefined: no such unit.
     */
    async holdUnit(unitId: string, hold: NewHold, actor: HoldActor): Promise<HoldWrite> {
      const unit = await db
        .selectFrom("unit")
        .select("bike_id")
        .where("id", "=", unitId)
        .executeTakeFirst();
      if (!unit) return undefined;
      return refusable(async (trx) => {
        const bike = await lockBike(trx, unit.bike_id, 1);
        if (!bike) refuse({ reason: "no-such-unit" });
        if (!bike.tracks_units) refuse({ reason: "units-not-tracked", bike: bike.name });
        const current = (await unitWithHold(trx, unitId))!;
        if (current.hold_id !== null) refuseHeld(current);
        // Conditional, as a second guard beside the bike's lock and the one-open-hold index.
        const taken = await trx
          .updateTable("unit")
          .set({ status: "held", updated_at: clock().toISOString() })
          .where("id", "=", unitId)
          .where("status", "=", "in_stock")
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) {
          refuse({
            reason: "not-holdable",
            chassis: current.chassis,
            where: whereWords(current.status, current.place_name),
          });
        }
        return { holdId: await insertHold(trx, bike, current.place_id!, unitId, 1, hold, actor) };
      });
    },

    /**
     * Holds `units` of an untracked model at a place (checked by the caller). Refused for a
     * tracked model, or when fewer than that are at the place and unheld. Undefined: no such bike.
     */
    holdUnits(
      bikeId: string,
      placeId: string,
      units: number,
      hold: NewHold,
      actor: HoldActor,
    ): Promise<HoldWrite> {
      return refusable(async (trx) => {
        const bike = await lockBike(trx, bikeId, units);
        if (!bike) return undefined;
        if (bike.tracks_units) refuse({ reason: "hold-a-unit", bike: bike.name });
        const stock = await trx
          .selectFrom("bike_stock")
          .select("quantity")
          .where("bike_id", "=", bikeId)
          .where("place_id", "=", placeId)
          .executeTakeFirst();
        const free = (stock?.quantity ?? 0) - (await heldAt(trx, bikeId, placeId));
        if (free < units) {
          const place = await trx
            .selectFrom("place")
            .select("name")
            .where("id", "=", placeId)
            .executeTakeFirstOrThrow();
          refuse({ reason: "too-few-to-hold", place: place.name, free, asked: units });
        }
        return { holdId: await insertHold(trx, bike, placeId, null, units, hold, actor) };
      });
    },

    releaseUnit: (unitId: string, actor: HoldActor) =>
      onUnitHold(unitId, (holdId, bikeId) => release(holdId, bikeId, actor)),
    extendUnit: (unitId: string, expiresAt: string, actor: HoldActor) =>
      onUnitHold(unitId, (holdId, bikeId) => extend(holdId, bikeId, expiresAt, actor)),
    release: (holdId: string, actor: HoldActor) =>
      onHold(holdId, (id, bikeId) => release(id, bikeId, actor)),
    extend: (holdId: string, expiresAt: string, actor: HoldActor) =>
      onHold(holdId, (id, bikeId) => extend(id, bikeId, expiresAt, actor)),

    async find(holdId: string): Promise<HoldRecord | undefined> {
      const row = await recordQuery().where("hold.id", "=", holdId).executeTakeFirst();
      return row && toRecord(row);
    },

    /** A model's open holds at every place, the soonest to expire first. */
    async openOf(bikeId: string): Promise<HoldRecord[]> {
      const rows = await recordQuery()
        .where("hold.bike_id", "=", bikeId)
        .where("hold.ended_at", "is", null)
        .orderBy("hold.expires_at")
        .orderBy("hold.id")
        .execute();
      return rows.map(toRecord);
    },

    /**
     * Ends up to `limit` open holds whose expiry has passed; how many this call ended. A deleted
     * bike's holds wait for its restore (it keeps its held count until then).
     */
    async expireDue(limit: number): Promise<number> {
      const due = await db
        .selectFrom("hold")
        .innerJoin("bike", "bike.id", "hold.bike_id")
        .select(["hold.id", "hold.bike_id"])
        .where("hold.ended_at", "is", null)
        .where("hold.expires_at", "<=", clock().toISOString())
        .orderBy("hold.expires_at")
        .limit(limit)
        .execute();
      let ended = 0;
      for (const hold of due) if (await expireOne(hold.id, hold.bike_id)) ended++;
      return ended;
    },

    /**
     * Takes up to `limit` expired holds whose maker nobody has told yet, marking them told: the
     * conditional UPDATE gives each to one server (PostgreSQL skips rows another has locked).
     */
    async claimExpiryMails(limit: number): Promise<ExpiryMail[]> {
      let due = db
        .selectFrom("hold")
        .select("id")
        .where("end_reason", "=", "expired")
        .where("expiry_mailed_at", "is", null)
        .orderBy("ended_at")
        .limit(limit);
      if (kind === "postgres") due = due.forUpdate().skipLocked();
      const claimed = await db
        .updateTable("hold")
        .set({ expiry_mailed_at: clock().toISOString() })
        .where("id", "in", due)
        .where("expiry_mailed_at", "is", null)
        .returning("id")
        .execute();
      if (claimed.length === 0) return [];
      const rows = await recordQuery()
        .leftJoin("bike", "bike.id", "hold.bike_id")
        .select(["bike.name as bike_name", "maker.email as maker_email"])
        .where(
          "hold.id",
          "in",
          claimed.map((hold) => hold.id),
        )
        .execute();
      return rows.map((row) => ({
        holdId: row.id,
        bikeId: row.bike_id,
        bikeName: row.bike_name ?? "A deleted bike",
        unitId: row.unit_id,
        chassis: row.chassis,
        units: row.units,
        place: row.place_name,
        customerName: row.customer_name,
        expiresAt: toIsoTimestamp(row.expires_at),
        makerEmail: row.maker_email,
        makerName: row.maker_name,
      }));
    },

    /** A mail not sent: the hold's maker is to be told on a later look. */
    async unclaimExpiryMail(holdId: string): Promise<void> {
      await db
        .updateTable("hold")
        .set({ expiry_mailed_at: null })
        .where("id", "=", holdId)
        .execute();
    },
  };
}

export type HoldsRepository = ReturnType<typeof createHoldsRepository>;
