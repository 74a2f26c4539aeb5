import type { StockMovement } from "@ultimate-bikes/contract/bikes";
import {
  chassisCheckDigitMatches,
  type TrackingChange,
  type Unit,
  type UnitStatus,
} from "@ultimate-bikes/contract/units";
import { sql, type Kysely } from "kysely";
import { committingWrites, now, recordMovement, type Actor } from "../bikes/bike-writes.ts";
import { movementOf, movementsWithNames } from "../bikes/movement-rows.ts";
import { toIsoTimestamp, type Database } from "../db/schema.ts";
import { refuse, UnitRefusalError, type UnitRefusal } from "./unit-refusals.ts";
import { addUnits, linkUnits, reversed } from "./unit-stock.ts";

const unitColumns = [
  "unit.id",
  "unit.bike_id",
  "unit.chassis",
  "unit.engine",
  "unit.colour",
  "unit.model_year",
  "unit.status",
  "unit.place_id",
  "unit.transfer_id",
  "unit.arrived_at",
  "unit.delivered_at",
  "unit.notes",
  "bike.name as bike_name",
  "place.name as place_name",
  "hold.id as hold_id",
  "hold.customer_name",
  "hold.customer_phone",
  "hold.reference as hold_reference",
  "hold.expires_at",
  "hold.made_by",
  "hold.made_at",
  "maker.name as maker_name",
] as const;

/** The most units a lookup by number answers: a tail of 6 characters can match a few. */
const LOOKUP_LIMIT = 20;

export function createUnitsRepository(
  db: Kysely<Database>,
  { committed = () => {} }: { committed?: () => void } = {},
) {
  const write = committingWrites(db, committed);

  /** A unit read: with its model, its place, its open hold and that hold's maker. */
  function unitQuery() {
    return db
      .selectFrom("unit")
      .leftJoin("bike", "bike.id", "unit.bike_id")
      .leftJoin("place", "place.id", "unit.place_id")
      .leftJoin("hold", (join) =>
        join.onRef("hold.unit_id", "=", "unit.id").on("hold.ended_at", "is", null),
      )
      .leftJoin("user as maker", "maker.id", "hold.made_by")
      .select(unitColumns);
  }
  type UnitRow = Awaited<ReturnType<ReturnType<typeof unitQuery>["execute"]>>[number];

  const toUnit = (row: UnitRow): Unit => ({
    id: row.id,
    bikeId: row.bike_id,
    bikeName: row.bike_name ?? "A deleted bike",
    chassis: row.chassis,
    engine: row.engine,
    colour: row.colour,
    modelYear: row.model_year,
    status: row.status,
    placeId: row.place_id,
    place: row.place_name,
    transferId: row.transfer_id,
    arrivedAt: toIsoTimestamp(row.arrived_at),
    deliveredAt: row.delivered_at === null ? null : toIsoTimestamp(row.delivered_at),
    notes: row.notes,
    checkDigitMatches: chassisCheckDigitMatches(row.chassis),
    hold:
      row.hold_id === null
        ? null
        : {
            id: row.hold_id,
            customerName: row.customer_name!,
            customerPhone: row.customer_phone!,
            reference: row.hold_reference,
            expiresAt: toIsoTimestamp(row.expires_at!),
            madeBy: row.maker_name,
            madeById: row.made_by,
            madeAt: toIsoTimestamp(row.made_at!),
          },
  });

  return {
    /** A model's units, oldest arrival first: at one place, in one status, or all. */
    async ofBike(
      bikeId: string,
      { placeId, status }: { placeId?: string | undefined; status?: UnitStatus | undefined },
    ): Promise<Unit[]> {
      let query = unitQuery().where("unit.bike_id", "=", bikeId);
      if (placeId !== undefined) query = query.where("unit.place_id", "=", placeId);
      if (status !== undefined) query = query.where("unit.status", "=", status);
      const rows = await query.orderBy("unit.arrived_at").orderBy("unit.id").execute();
      return rows.map(toUnit);
    },

    async find(id: string): Promise<Unit | undefined> {
      const row = await unitQuery().where("unit.id", "=", id).executeTakeFirst();
      return row && toUnit(row);
    },

    /**
     * A unit's history from the ledger, newest first: the entries that moved it (arrived, sent,
     * received, delivered) and its holds' steps.
     */
    async history(id: string): Promise<StockMovement[]> {
      const rows = await movementsWithNames(db)
        .where((eb) =>
          eb.or([
            eb(
              "stock_movement.id",
              "in",
              eb.selectFrom("stock_movement_unit").select("movement_id").where("unit_id", "=", id),
            ),
            eb(
              "stock_movement.hold_id",
              "in",
              eb.selectFrom("hold").select("hold.id").where("hold.unit_id", "=", id),
            ),
          ]),
        )
        .orderBy("stock_movement.id", "desc")
        .limit(200)
        .execute();
      return rows.map(movementOf);
    },

    /**
     * Units by number: a whole chassis or engine number, or `tail`: the end of either (6
     * characters or more), found as the start of the number written backwards.
     */
    async lookup({
      chassis,
      engine,
      tail,
    }: {
      chassis?: string | undefined;
      engine?: string | undefined;
      tail?: string | undefined;
    }): Promise<Unit[]> {
      let query = unitQuery();
      if (chassis !== undefined) query = query.where("unit.chassis", "=", chassis);
      else if (engine !== undefined) query = query.where("unit.engine", "=", engine);
      else {
        const start = `${reversed(tail ?? "")}`;
        const end = `${start}\uffff`;
        query = query.where((eb) =>
          eb.or([
            eb.and([
              eb("unit.chassis_reversed", ">=", start),
              eb("unit.chassis_reversed", "<", end),
            ]),
            eb.and([eb("unit.engine_reversed", ">=", start), eb("unit.engine_reversed", "<", end)]),
          ]),
        );
      }
      const rows = await query.orderBy("unit.chassis").limit(LOOKUP_LIMIT).execute();
      return rows.map(toUnit);
    },

    /**
     * Turns unit tracking on, with every current unit of the model listed at its place (all of
     * them or nothing), or off: the units keep their history. Refused while units are in transit
     * or held. Undefined: no such bike.
     */
    async setTracking(
      bikeId: string,
      change: TrackingChange,
      actor: Actor,
    ): Promise<{ done: true } | { refusal: UnitRefusal } | undefined> {
      try {
        return await write(async (trx) => {
          const at = now();
          // SQLite reads true and false as 1 and 0; neither database binds a JavaScript boolean alike.
          const wanted = sql<boolean>`${sql.raw(String(change.tracksUnits))}`;
          const bike = await trx
            .updateTable("bike")
            .set({ tracks_units: wanted, updated_at: at })
            .where("id", "=", bikeId)
            .where("tracks_units", "<>", wanted)
            .returning(["id", "name", "quantity", "in_transit", "held"])
            .executeTakeFirst();
          if (!bike) {
            // Already so (a repeated PUT changes nothing), or no such bike.
            const exists = await trx
              .selectFrom("bike")
              .select("id")
              .where("id", "=", bikeId)
              .executeTakeFirst();
            return exists && ({ done: true } as const);
          }
          if (bike.in_transit > 0)
            refuse({ reason: "units-in-transit", inTransit: bike.in_transit });
          if (bike.held > 0) refuse({ reason: "holds-open", held: bike.held });
          if (!change.tracksUnits) {
            await recordMovement(trx, bike, "untrack", 0, bike.quantity, actor, at);
            return { done: true } as const;
          }
          const stock = await trx
            .selectFrom("bike_stock")
            .innerJoin("place", "place.id", "bike_stock.place_id")
            .select(["bike_stock.place_id", "bike_stock.quantity", "place.name"])
            .where("bike_stock.bike_id", "=", bikeId)
            .execute();
          const listed = new Map<string, number>();
          for (const unit of change.units) {
            listed.set(unit.placeId, (listed.get(unit.placeId) ?? 0) + 1);
          }
          for (const place of stock) {
            const count = listed.get(place.place_id) ?? 0;
            if (count !== place.quantity) {
              refuse({
                reason: "units-do-not-match-stock",
                place: place.name,
                stock: place.quantity,
                listed: count,
              });
            }
            listed.delete(place.place_id);
          }
          const [stray] = listed;
          if (stray) {
            const place = await trx
              .selectFrom("place")
              .select("name")
              .where("id", "=", stray[0])
              .executeTakeFirst();
            refuse({
              reason: "units-do-not-match-stock",
              place: place?.name ?? "A place that does not exist",
              stock: 0,
              listed: stray[1],
            });
          }
          const unitIds: string[] = [];
          for (const place of new Set(change.units.map((unit) => unit.placeId))) {
            const units = change.units.filter((unit) => unit.placeId === place);
            unitIds.push(...(await addUnits(trx, bikeId, place, units, at)));
          }
          const movementId = await recordMovement(trx, bike, "track", 0, bike.quantity, actor, at);
          await linkUnits(trx, movementId, unitIds);
          return { done: true } as const;
        });
      } catch (error) {
        if (error instanceof UnitRefusalError) return { refusal: error.refusal };
        throw error;
      }
    },
  };
}

export type UnitsRepository = ReturnType<typeof createUnitsRepository>;
