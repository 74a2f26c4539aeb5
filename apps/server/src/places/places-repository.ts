import type { NewPlace, Place, PlacePatch } from "@ultimate-bikes/contract/places";
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { now, type Executor } from "../bikes/bike-writes.ts";
import { MAIN_WAREHOUSE_ID } from "../db/main-warehouse.ts";
import { toIsoTimestamp, type Database, type TransferStatus } from "../db/schema.ts";

/** A transfer that keeps a place from being archived: still to send or on its way. */
export interface OpenTransfer {
  number: number;
  status: TransferStatus;
}

/** Why a change of places was not made; the routes put it in words (places-routes.ts). */
export type PlaceRefusal =
  | { reason: "not-found" }
  | { reason: "name-taken"; name: string }
  | { reason: "main-warehouse" }
  | { reason: "holds-stock"; name: string; units: number }
  | { reason: "open-transfers"; name: string; transfers: OpenTransfer[] }
  | { reason: "archived"; name: string };

export type PlaceOutcome<T> = { status: "done"; value: T } | ({ status: "refused" } & PlaceRefusal);

const done = <T>(value: T): PlaceOutcome<T> => ({ status: "done", value });
const refused = <T>(refusal: PlaceRefusal): PlaceOutcome<T> => ({ status: "refused", ...refusal });

/** The transfers a place may not be archived under: their stock is still to move. */
const OPEN_TRANSFER_STATUSES: readonly TransferStatus[] = ["draft", "sent"];

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
};

/**
 * Each place with the units of bikes in stock there (deleted bikes' units wait for a restore,
 * unseen, so the join to `bike` leaves them out).
 */
function selectPlaces(executor: Executor) {
  return executor.selectFrom("place").select([
    "place.id",
    "place.name",
    "place.kind",
    "place.city",
    "place.address",
    "place.archived_at",
    (eb) =>
      eb
        .selectFrom("bike_stock")
        .innerJoin("bike", "bike.id", "bike_stock.bike_id")
        .select((inner) =>
          inner.fn
            .coalesce(inner.fn.sum<number>("bike_stock.quantity"), sql<number>`0`)
            .as("units"),
        )
        .whereRef("bike_stock.place_id", "=", "place.id")
        .as("units"),
  ]);
}

type PlaceRow = Awaited<ReturnType<ReturnType<typeof selectPlaces>["executeTakeFirstOrThrow"]>>;

const toPlace = (row: PlaceRow): Place => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  city: row.city,
  address: row.address,
  archivedAt: row.archived_at === null ? null : toIsoTimestamp(row.archived_at),
  main: row.id === MAIN_WAREHOUSE_ID,
  units: Number(row.units ?? 0),
});

/** Whether another place (not `exceptId`) already has this name, whatever its case. */
async function nameTaken(executor: Executor, name: string, exceptId?: string) {
  const clash = await executor
    .selectFrom("place")
    .select("id")
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .$if(exceptId !== undefined, (query) => query.where("id", "<>", exceptId ?? ""))
    .executeTakeFirst();
  return clash !== undefined;
}

/**
 * What keeps an open place from being archived: the main warehouse, units of any bike there
 * (deleted bikes' too, as a restore brings them back there), or a transfer still to arrive.
 */
async function archiveRefusal(
  executor: Executor,
  id: string,
  name: string,
): Promise<PlaceRefusal | undefined> {
  if (id === MAIN_WAREHOUSE_ID) return { reason: "main-warehouse" };
  const stock = await executor
    .selectFrom("bike_stock")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("quantity"), sql<number>`0`).as("units"))
    .where("place_id", "=", id)
    .executeTakeFirst();
  const units = Number(stock?.units ?? 0);
  if (units > 0) return { reason: "holds-stock", name, units };
  const transfers = await executor
    .selectFrom("transfer")
    .select(["number", "status"])
    .where((eb) => eb.or([eb("source_place_id", "=", id), eb("destination_place_id", "=", id)]))
    .where("status", "in", OPEN_TRANSFER_STATUSES)
    .orderBy("number")
    .execute();
  if (transfers.length) return { reason: "open-transfers", name, transfers };
  return undefined;
}

/** The places (issue 23, docs/decisions/027): reading and managing them, and home places. */
export function createPlacesRepository(db: Kysely<Database>) {
  async function findIn(executor: Executor, id: string): Promise<Place | undefined> {
    const row = await selectPlaces(executor).where("place.id", "=", id).executeTakeFirst();
    return row && toPlace(row);
  }

  /** Runs a change; two people giving two places one name at once: the second is refused. */
  async function unlessNameTaken(
    name: string | undefined,
    change: () => Promise<PlaceOutcome<Place>>,
  ): Promise<PlaceOutcome<Place>> {
    try {
      return await change();
    } catch (error) {
      if (name !== undefined && isUniqueViolation(error))
        return refused({ reason: "name-taken", name });
      throw error;
    }
  }

  return {
    /** Every place, the main warehouse first, then by name; archived ones only when asked. */
    async list({ archived = false }: { archived?: boolean } = {}): Promise<Place[]> {
      const rows = await selectPlaces(db)
        .$if(!archived, (query) => query.where("place.archived_at", "is", null))
        .orderBy(sql`case when place.id = ${MAIN_WAREHOUSE_ID} then 0 else 1 end`)
        .orderBy(sql`lower(place.name)`)
        .orderBy("place.id")
        .execute();
      return rows.map(toPlace);
    },

    /** A new, open place; its name must be free, whatever its case. */
    create(place: NewPlace): Promise<PlaceOutcome<Place>> {
      return unlessNameTaken(place.name, () =>
        db.transaction().execute(async (trx) => {
          if (await nameTaken(trx, place.name)) {
            return refused({ reason: "name-taken", name: place.name });
          }
          const id = randomUUID();
          const at = now();
          await trx
            .insertInto("place")
            .values({
              id,
              name: place.name,
              kind: place.kind,
              city: place.city,
              address: place.address ?? null,
              created_at: at,
              updated_at: at,
            })
            .execute();
          return done((await findIn(trx, id)) as Place);
        }),
      );
    },

    /**
     * Renames, moves or re-kinds a place, and archives it (only while it holds nothing and no
     * transfer is open there) or brings it back. The place's row is locked first, so two
     * admins' changes to one place do not interleave.
     */
    update(id: string, patch: PlacePatch): Promise<PlaceOutcome<Place>> {
      return unlessNameTaken(patch.name, () =>
        db.transaction().execute(async (trx) => {
          // A write first: it locks the row on PostgreSQL as `for update` would, on SQLite too.
          const current = await trx
            .updateTable("place")
            .set({ updated_at: now() })
            .where("id", "=", id)
            .returning(["name", "archived_at"])
            .executeTakeFirst();
          if (!current) return refused({ reason: "not-found" });
          if (patch.name !== undefined && (await nameTaken(trx, patch.name, id))) {
            return refused({ reason: "name-taken", name: patch.name });
          }
          let archivedAt = current.archived_at;
          if (patch.archived === true && archivedAt === null) {
            const refusal = await archiveRefusal(trx, id, current.name);
            if (refusal) return refused(refusal);
            archivedAt = now();
          }
          if (patch.archived === false) archivedAt = null;
          const { name, kind, city, address } = patch;
          await trx
            .updateTable("place")
            .set({
              ...(name === undefined ? {} : { name }),
              ...(kind === undefined ? {} : { kind }),
              ...(city === undefined ? {} : { city }),
              ...(address === undefined ? {} : { address }),
              archived_at: archivedAt,
            })
            .where("id", "=", id)
            .execute();
          return done((await findIn(trx, id)) as Place);
        }),
      );
    },

    /** The home place a person chose, if any (archived or not: the default skips archived ones). */
    async homePlaceOf(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom("home_place")
        .select("place_id")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row?.place_id ?? null;
    },

    /** Sets a person's home place (an open one) or, with null, clears it. */
    async setHomePlace(
      userId: string,
      placeId: string | null,
    ): Promise<PlaceOutcome<string | null>> {
      if (placeId === null) {
        await db.deleteFrom("home_place").where("user_id", "=", userId).execute();
        return done(null);
      }
      return db.transaction().execute(async (trx) => {
        const place = await trx
          .selectFrom("place")
          .select(["name", "archived_at"])
          .where("id", "=", placeId)
          .executeTakeFirst();
        if (!place) return refused({ reason: "not-found" });
        if (place.archived_at !== null) return refused({ reason: "archived", name: place.name });
        await trx
          .insertInto("home_place")
          .values({ user_id: userId, place_id: placeId })
          .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ place_id: placeId }))
          .execute();
        return done(placeId);
      });
    },
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
