// Over 300 lines: every rule the bike routes call, sharing one Outcome type and its helpers; each rule is a few lines.
import type {
  Bike,
  BikeDetails,
  BikeDetailsValues,
  Item,
  NewBike,
  StockMovement,
} from "@ultimate-bikes/contract/bikes";
import {
  DELETED_BIKES_LIST_MAX,
  type DeletedBikeList,
} from "@ultimate-bikes/contract/deleted-bikes";
import {
  stockStatusOf,
  type StockPage,
  type StockQuery,
  type SupplierList,
} from "@ultimate-bikes/contract/stock";
import { canChangeStock, type Role } from "@ultimate-bikes/contract/roles";
import { isOwnEmail } from "../auth/authentication.ts";
import { parseStockNumber } from "@ultimate-bikes/contract/stock-number";
import {
  uncheckedChassis,
  unitNumberSearched,
  type NewUnit,
  type UnitMatch,
} from "@ultimate-bikes/contract/units";
import { searchWords } from "../db/search-folding.ts";
import { detailsTagOf, ifMatchNames, type StoredDetails } from "./bike-details.ts";
import type { LedgerRepository } from "../ledger/ledger-repository.ts";
import type { Actor } from "./bike-writes.ts";
import type { DeletedBikesRepository } from "./deleted-bikes-repository.ts";
import { purgeTimeOf } from "./deleted-bike-purge.ts";
import { decodeCursor, encodeCursor, type CursorProblem } from "./stock-cursor.ts";
import type { QuantityChange, StockRepository } from "./stock-repository.ts";
import type { StockFilters, StockSearch } from "./stock-search.ts";
import type { UnitRefusal } from "../units/unit-refusals.ts";
import type { UnitsRepository } from "../units/units-repository.ts";

/**
 * How long after `POST /bikes` the original API's follow-up `POST /items` with the same body
 * counts as the same bike (docs/decisions/005).
 */
const TWIN_WINDOW_MS = 10 * 60 * 1000;

/**
 * Which routes a call came through: `/bikes` (the stock list and Manage Inventory) or `/items`
 * (My Items). Adding and removing follow different rules on each.
 */
type Via = "bikes" | "items";

/** A signed-in caller with what their role lets them do (docs/decisions/014). */
export interface Caller extends Actor {
  role: Role;
}

/** Why the caller may not do it; each has its own message (stock-http.ts). */
export type ForbiddenReason =
  | "remove-warehouse-stock-as-member"
  | "read-another-users-ledger"
  | "add-bike-under-another-email"
  | "add-item-under-another-email"
  | "list-another-users-items"
  | "remove-another-users-bike"
  | "cancel-another-users-item"
  | "restore-warehouse-stock-as-member"
  | "restore-another-users-bike"
  | "edit-another-users-bike";

export type ConflictReason = "empty" | "not-enough" | "too-many" | "stale";

/** What a stock operation did, or why it did nothing. stock-http.ts turns refusals into errors. */
export type Outcome<T> =
  | { status: "done"; value: T }
  | { status: "no-such-bike" }
  | { status: "conflict"; reason: ConflictReason; currentQuantity: number }
  /** Enough units in all, but too few at the place: where there are some, in words. */
  | { status: "short-at-place"; message: string; currentQuantity: number }
  | { status: "no-such-place" }
  | { status: "place-archived"; name: string }
  /** Units of the bike are on their way between places, on these transfers (`T-000123`). */
  | { status: "in-transit"; units: number; transfers: string[] }
  | { status: "forbidden"; reason: ForbiddenReason }
  /** A new total without the total it was computed from. */
  | { status: "starting-total-missing" }
  /** A new total below the total it was computed from: an import cannot lower the stock. */
  | { status: "total-below-starting-total" }
  /** A search's `place` that names no place. */
  | { status: "unknown-place-filter" }
  /** A search cursor that is not one of ours, or not for this sort. */
  | { status: "unusable-cursor"; problem: CursorProblem }
  /** An edit without the tag of the details it was made from (If-Match). */
  | { status: "edit-tag-missing" }
  /** An edit made from details that have changed since: nothing was written. */
  | { status: "edit-stale" }
  /** Chassis numbers whose check digit does not match, not confirmed: a warning to confirm. */
  | { status: "check-digits"; chassis: string[] }
  /** A write on a model's units refused (units/unit-refusals.ts). */
  | { status: "unit-refusal"; refusal: UnitRefusal };

const done = <T>(value: T) => ({ status: "done", value }) as const;
const bikeIdsOf = (units: readonly UnitMatch[]) => [...new Set(units.map((unit) => unit.bikeId))];
const unitMatchOf = ({ id, chassis, bikeId, bikeName, status, place }: UnitMatch): UnitMatch => ({
  id,
  chassis,
  bikeId,
  bikeName,
  status,
  place,
});
const withTag = (details: StoredDetails): BikeDetails => ({
  ...details,
  costPrice: details.costPrice ?? null,
  tag: detailsTagOf(details),
});
const noSuchBike = { status: "no-such-bike" } as const;
const forbidden = (reason: ForbiddenReason) => ({ status: "forbidden", reason }) as const;
const conflict = (reason: ConflictReason, currentQuantity: number) =>
  ({ status: "conflict", reason, currentQuantity }) as const;

/**
 * What a refused conditional change means: the stock moved since the caller saw `expected`, or
 * the change would take it below 0 (a delivery) or above the most one bike can hold (an import).
 */
function changeOutcome(change: QuantityChange, delta: number, expected?: number): Outcome<Bike> {
  if (!change) return noSuchBike;
  if ("bike" in change) return done(change.bike);
  if ("unitRefusal" in change) return { status: "unit-refusal", refusal: change.unitRefusal };
  const { currentQuantity } = change;
  if ("shortAtPlace" in change) {
    return { status: "short-at-place", message: change.shortAtPlace, currentQuantity };
  }
  if (expected !== undefined && currentQuantity !== expected) {
    return conflict("stale", currentQuantity);
  }
  if (delta > 0) return conflict("too-many", currentQuantity);
  // Some left, but fewer than asked for ("Deliver 4" with 3 in stock): nothing leaves.
  return conflict(currentQuantity > 0 ? "not-enough" : "empty", currentQuantity);
}

/**
 * The stock rules: what may happen to a bike, and who may do it. Every route about bikes is one
 * call here; the repositories below only read and write.
 */
export function createStockRules(
  {
    bikes,
    deletedBikes,
    ledger,
    units,
  }: {
    bikes: StockRepository;
    deletedBikes: DeletedBikesRepository;
    ledger: LedgerRepository;
    units: Pick<UnitsRepository, "lookup">;
  },
  search: StockSearch,
) {
  async function find(id: string): Promise<Outcome<Bike>> {
    const bike = await bikes.findById(id);
    return bike ? done(bike) : noSuchBike;
  }

  /**
   * The place a stock change happens at: the one named, if it is open for stock, else the
   * caller's home place, else the main warehouse.
   */
  async function placeFor(
    actor: Actor,
    placeId: string | undefined,
  ): Promise<{ placeId: string } | Outcome<never>> {
    if (placeId === undefined) return { placeId: await bikes.defaultPlaceOf(actor.id) };
    const place = await bikes.checkPlace(placeId);
    if (place.status === "unknown") return { status: "no-such-place" };
    if (place.status === "archived") return { status: "place-archived", name: place.name };
    return { placeId };
  }

  async function changeQuantity(
    id: string,
    delta: number,
    kind: "deliver" | "import",
    actor: Actor,
    {
      expected,
      reference,
      placeId: named,
      units,
      unitId,
    }: {
      expected?: number;
      reference?: string | undefined;
      placeId?: string | undefined;
      units?: readonly NewUnit[] | undefined;
      unitId?: string | undefined;
    } = {},
  ): Promise<Outcome<Bike>> {
    const place = await placeFor(actor, named);
    if ("status" in place) return place;
    const change = await bikes.changeQuantity(id, delta, kind, actor, {
      expected,
      reference,
      placeId: place.placeId,
      units,
      unitId,
      admin: "role" in actor && actor.role === "admin",
    });
    return changeOutcome(change, delta, expected);
  }

  /** Why the caller may not edit this bike, if they may not; staff may edit any. */
  async function editRefusal(id: string, caller: Caller) {
    if (canChangeStock(caller.role)) return undefined;
    const bike = await bikes.ownerOf(id);
    if (!bike) return noSuchBike;
    return bike.ownerId === caller.id ? undefined : forbidden("edit-another-users-bike");
  }

  return {
    list: (): Promise<Bike[]> => bikes.list(),

    /** Where a stock action happens (see placeFor above): the holds of untracked models ask. */
    placeFor,

    /**
     * One page of the stock search. `ownerId`: only that user's bikes (`owner=me`, whose caller
     * the route has already required).
     */
    async search(query: StockQuery, ownerId?: string): Promise<Outcome<StockPage>> {
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.sort);
      if (typeof after === "string") return { status: "unusable-cursor", problem: after };
      // An archived place may still hold stock, so it filters; only an unknown one is refused.
      if (query.place !== undefined && (await bikes.checkPlace(query.place)).status === "unknown") {
        return { status: "unknown-place-filter" };
      }
      // A search that is a stock number (UB-00042) finds that bike, not the words.
      const stockNumber = parseStockNumber(query.q ?? "");
      const filters: StockFilters = {
        words: stockNumber === undefined ? searchWords(query.q ?? "") : [],
        stockNumber,
        supplier: query.supplier,
        status: query.status,
        ownerId,
        placeId: query.place,
      };
      const number = query.units === undefined ? undefined : unitNumberSearched(query.q ?? "");
      // One indexed lookup, and only for a text shaped like a number: a search by name costs
      // what it did.
      const found = number === undefined ? [] : await units.lookup({ tail: number });
      // The found units' bikes come first on the first page, within the other filters.
      const unitBikes =
        found.length > 0 && after === undefined
          ? await search.page(
              { ...filters, words: [], stockNumber: undefined, bikeIds: bikeIdsOf(found) },
              query.sort,
              query.limit,
              undefined,
            )
          : undefined;
      const first = unitBikes?.items ?? [];
      const page = await search.page(
        filters,
        query.sort,
        Math.max(1, query.limit - first.length),
        after,
      );
      const firstIds = new Set(first.map((bike) => bike._id));
      const rest = page.items.filter((bike) => !firstIds.has(bike._id));
      return done({
        items: [...first, ...rest].map((bike) => ({
          ...bike,
          status: stockStatusOf(bike.quantity, bike.reorderPoint),
        })),
        nextCursor: page.last ? encodeCursor(query.sort, page.last) : null,
        // The units' bikes that the words did not find on this page add to the count.
        total: page.total + first.length - (page.items.length - rest.length),
        ...(query.units === undefined ? {} : { units: found.map(unitMatchOf) }),
      });
    },

    suppliers: (): Promise<SupplierList> => search.suppliers(),

    find,

    /**
     * The ledger, newest first. Every bike has its opening movement and the ledger outlives it.
     * Staff read any bike's; a member only the ledger of a bike they own.
     */
    async movements(id: string, limit: number, caller: Caller): Promise<Outcome<StockMovement[]>> {
      if (!canChangeStock(caller.role)) {
        const bike = await bikes.ownerOf(id);
        if (!bike) return noSuchBike;
        if (bike.ownerId !== caller.id) return forbidden("read-another-users-ledger");
      }
      const movements = await ledger.movements(id, limit);
      return movements.length ? done(movements) : noSuchBike;
    },

    /** My Items: only for the holder of an access token issued to that email. */
    async itemsOf(email: string, tokenEmail: string | null): Promise<Outcome<Item[]>> {
      if (tokenEmail === null || !isOwnEmail(tokenEmail, email)) {
        return forbidden("list-another-users-items");
      }
      return done(await bikes.listOwnedBy(email));
    },

    /**
     * Adds a bike owned by the caller; the email in the body is informational but must be theirs.
     * Through `/items`, the original API's second insert after `POST /bikes` (the same owner and
     * fields, within ten minutes) answers with that bike instead of a copy.
     */
    async add(
      bike: NewBike,
      owner: Actor,
      via: Via,
    ): Promise<Outcome<{ id: string; created: boolean }>> {
      if (bike.email !== undefined && !isOwnEmail(owner.email, bike.email)) {
        return forbidden(
          via === "bikes" ? "add-bike-under-another-email" : "add-item-under-another-email",
        );
      }
      if (via === "items") {
        const since = new Date(Date.now() - TWIN_WINDOW_MS);
        const twin = await bikes.findRecentTwin(bike, owner.id, since);
        if (twin) return done({ id: twin, created: false });
      }
      const place = await bikes.defaultPlaceOf(owner.id);
      return done({ id: await bikes.create(bike, owner, place), created: true });
    },

    /**
     * `amount` units (one by default) leave as one movement, unless the stock holds fewer;
     * `reference` names the order they are for.
     */
    deliver: (
      id: string,
      actor: Actor | Caller,
      {
        reference,
        amount = 1,
        placeId,
        unitId,
      }: { reference?: string; amount?: number; placeId?: string; unitId?: string } = {},
    ) => changeQuantity(id, -amount, "deliver", actor, { reference, placeId, unitId }),

    /**
     * The original API's Delivered, stated as the quantity after it: applied only while the stock
     * is still `updatedQuantity + 1` (docs/decisions/004).
     */
    deliverFrom: (id: string, updatedQuantity: number, actor: Actor) =>
      changeQuantity(id, -1, "deliver", actor, { expected: updatedQuantity + 1 }),

    /** `amount` units arrive; 0 changes nothing and records nothing, but still needs the bike. */
    async importUnits(
      id: string,
      amount: number,
      actor: Actor,
      {
        reference,
        placeId,
        units,
        checkDigitsConfirmed = false,
      }: {
        reference?: string;
        placeId?: string;
        units?: readonly NewUnit[];
        checkDigitsConfirmed?: boolean;
      } = {},
    ): Promise<Outcome<Bike>> {
      const unchecked = units && !checkDigitsConfirmed ? uncheckedChassis(units) : [];
      if (unchecked.length > 0) return { status: "check-digits", chassis: unchecked };
      if (amount === 0 && units === undefined) {
        const place = await placeFor(actor, placeId);
        return "status" in place ? place : find(id);
      }
      return changeQuantity(id, amount, "import", actor, { reference, placeId, units });
    },

    /**
     * The original API's Import, stated as the new total: a compare-and-set from the total it was
     * computed from, so a concurrent change is a conflict, never a lost import (docs/decisions/004).
     */
    async setTotal(
      id: string,
      newTotal: number,
      startingTotal: number | undefined,
      actor: Actor,
    ): Promise<Outcome<Bike>> {
      // Without its starting point, a new total can silently undo someone else's import.
      if (startingTotal === undefined) return { status: "starting-total-missing" };
      if (newTotal < startingTotal) return { status: "total-below-starting-total" };
      if (newTotal > startingTotal) {
        return changeQuantity(id, newTotal - startingTotal, "import", actor, {
          expected: startingTotal,
        });
      }
      // Nothing to add, but the caller must still be looking at the stored quantity.
      const bike = await bikes.findById(id);
      if (!bike) return noSuchBike;
      return bike.quantity === startingTotal ? done(bike) : conflict("stale", bike.quantity);
    },

    /**
     * Its owner may always remove a bike. Staff may also remove warehouse stock (no owner) through
     * `/bikes` (Manage Inventory); a cancel through `/items` is for the owner only.
     */
    async remove(id: string, actor: Caller, via: Via): Promise<Outcome<{ deletedCount: 1 }>> {
      const bike = await bikes.ownerOf(id);
      if (!bike) return noSuchBike;
      const warehouseStock = via === "bikes" && bike.ownerId === null;
      if (warehouseStock && !canChangeStock(actor.role)) {
        return forbidden("remove-warehouse-stock-as-member");
      }
      const allowed = bike.ownerId === actor.id || warehouseStock;
      if (!allowed) {
        return forbidden(
          via === "bikes" ? "remove-another-users-bike" : "cancel-another-users-item",
        );
      }
      // Gone in between (a concurrent delete): still no such bike, never a second ledger entry.
      const deleted = await deletedBikes.delete(id, actor);
      if (!deleted) return noSuchBike;
      if (deleted !== true) return { status: "in-transit", ...deleted };
      return done({ deletedCount: 1 });
    },

    /** A bike's editable details with their tag, for its edit form: staff, or the bike's owner. */
    async details(id: string, caller: Caller): Promise<Outcome<BikeDetails>> {
      const refusal = await editRefusal(id, caller);
      if (refusal) return refusal;
      const details = await bikes.details(id);
      return details ? done(withTag(details)) : noSuchBike;
    },

    /**
     * Edits a bike's details: staff any bike, a member only their own. `ifMatch` must name the tag
     * of the details stored now, so a form loaded before someone else's edit cannot overwrite it.
     * The quantity is not a detail. An edit that changes nothing records nothing.
     */
    async editDetails(
      id: string,
      next: Partial<BikeDetailsValues>,
      ifMatch: string | undefined,
      caller: Caller,
    ): Promise<Outcome<BikeDetails>> {
      if (ifMatch === undefined) return { status: "edit-tag-missing" };
      const refusal = await editRefusal(id, caller);
      if (refusal) return refusal;
      const accepts = (current: StoredDetails) => ifMatchNames(ifMatch, detailsTagOf(current));
      const edit = await bikes.editDetails(id, next, accepts, caller);
      if (!edit) return noSuchBike;
      return "stale" in edit ? { status: "edit-stale" } : done(withTag(edit.edited));
    },

    /** Recently deleted, newest first, each with the time from which it may be purged. */
    async deletedBikes(retentionDays: number): Promise<DeletedBikeList> {
      const deleted = await deletedBikes.listDeleted(DELETED_BIKES_LIST_MAX);
      return {
        items: deleted.map(({ bike, deletedAt, deletedBy }) => ({
          ...bike,
          deletedAt,
          deletedBy,
          purgeAt: purgeTimeOf(deletedAt, retentionDays),
        })),
        retentionDays,
      };
    },

    /**
     * Puts a deleted bike back with its quantity and history. Staff may restore any; a member
     * only a bike they own, which is what the Undo after cancelling one of their items needs.
     */
    async restore(id: string, caller: Caller): Promise<Outcome<Bike>> {
      const deleted = await deletedBikes.ownerOfDeleted(id);
      if (!deleted) return noSuchBike;
      if (!canChangeStock(caller.role) && deleted.ownerId !== caller.id) {
        return forbidden(
          deleted.ownerId === null
            ? "restore-warehouse-stock-as-member"
            : "restore-another-users-bike",
        );
      }
      // Restored or purged in between: still no such bike, never a second ledger entry.
      const bike = await deletedBikes.restore(id, caller);
      return bike ? done(bike) : noSuchBike;
    },
  };
}

export type StockRules = ReturnType<typeof createStockRules>;
