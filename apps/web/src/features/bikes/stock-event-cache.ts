import { announceStockChange } from "../../lib/stock-change-signal";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import {
  bikeSchema,
  itemListSchema,
  NO_SUCH_BIKE,
  type Bike,
  type BikeSummary,
  type Item,
} from "@ultimate-bikes/contract/bikes";
import { stockPageSchema, stockStatusOf, type StockPage } from "@ultimate-bikes/contract/stock";
import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import type { z } from "zod";
import { ApiRequestError } from "../../lib/api-client";
import { reviseAnswersWith } from "../../lib/ledger-position";
import { bikeKeys } from "./bikes-api";
import { deletedBikeKeys } from "./deleted-bikes-api";

/**
 * What a stock event does to the bikes already in TanStack Query's cache. Quantities change in
 * place, never by refetching a list, so nothing a person is about to click moves under them.
 * Every rule sets the state the event names (an absolute quantity, a removal), so an event about
 * a change this tab made itself, or one seen twice, changes nothing more.
 */

/** Creations that arrive together (the opening seed, a replay) cost one refetch, not one each. */
export const LIST_REFRESH_DELAY_MS = 100;

/**
 * Applies `update` to every cached query under `queryKey` that it changes. A query keeps its
 * fetch time: one field from an event does not make the rest of a page fresh, so it is refetched
 * as soon as it would have been anyway.
 */
function patchQueries<Data>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: Data) => Data,
) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
    const data = query.state.data as Data | undefined;
    if (data === undefined) continue;
    const next = update(data);
    if (next !== data) {
      queryClient.setQueryData(query.queryKey, next, { updatedAt: query.state.dataUpdatedAt });
    }
  }
}

const hasBike = (page: StockPage | undefined, id: string) =>
  page?.items.some((bike) => bike._id === id) ?? false;

/* What a delivery or an import, or a removal, does to each shape that shows bikes. */

const bikeWithQuantity = <Shown extends BikeSummary>(
  bike: Shown,
  { bikeId, quantity }: StockEvent,
): Shown => (bike._id !== bikeId || bike.quantity === quantity ? bike : { ...bike, quantity });

/** Whether `bikes` show this bike with another quantity than the event's. */
const showsOtherQuantity = (bikes: readonly BikeSummary[], { bikeId, quantity }: StockEvent) =>
  bikes.some((bike) => bike._id === bikeId && bike.quantity !== quantity);

const pageWithQuantity = (page: StockPage, event: StockEvent): StockPage => {
  const { bikeId, quantity, at } = event;
  return showsOtherQuantity(page.items, event)
    ? {
        ...page,
        items: page.items.map((bike) =>
          bike._id === bikeId
            ? {
                ...bike,
                quantity,
                status: stockStatusOf(quantity, bike.reorderPoint),
                updatedAt: at,
              }
            : bike,
        ),
      }
    : page;
};

const itemsWithQuantity = (items: Item[], event: StockEvent): Item[] =>
  showsOtherQuantity(items, event)
    ? items.map((item) =>
        item._id === event.bikeId ? { ...item, quantity: event.quantity } : item,
      )
    : items;

const pageWithout = (page: StockPage, bikeId: string): StockPage =>
  hasBike(page, bikeId)
    ? {
        ...page,
        items: page.items.filter((bike) => bike._id !== bikeId),
        total: Math.max(0, page.total - 1),
      }
    : page;

const itemsWithout = (items: Item[], bikeId: string): Item[] =>
  items.some((item) => item._id === bikeId) ? items.filter((item) => item._id !== bikeId) : items;

/** Kinds that change only counts: the bike's total (absolute in the event) and its places'. */
const COUNT_KINDS = new Set<StockEvent["kind"]>([
  "deliver",
  "import",
  "send",
  "receive",
  "shortfall",
]);
const isCount = (event: StockEvent) => COUNT_KINDS.has(event.kind);

/**
 * An answer read before some events this tab has already applied (a refetch that raced them),
 * brought up to them as the cache was (lib/ledger-position.ts): set as it came, it would put back
 * the quantity they changed, or a bike they removed. The rest (new bikes, edits) makes the lists
 * refetch anyway.
 */
function reviseAnswer(schema: z.ZodType, data: unknown, events: readonly StockEvent[]): unknown {
  return events.reduce((answer, event) => {
    if (schema === bikeSchema && isCount(event)) {
      return bikeWithPlaces(bikeWithQuantity(answer as Bike, event), event);
    }
    if (schema === stockPageSchema) {
      const page = answer as StockPage;
      if (isCount(event)) return pageWithQuantity(page, event);
      return event.kind === "delete" ? pageWithout(page, event.bikeId) : page;
    }
    if (schema === itemListSchema) {
      const items = answer as Item[];
      if (isCount(event)) return itemsWithQuantity(items, event);
      return event.kind === "delete" ? itemsWithout(items, event.bikeId) : items;
    }
    return answer;
  }, data);
}

/**
 * A bike's units at the event's place and in transit, as the event says they are after it (the
 * place's absolute figure, so an event seen twice changes nothing more); places with none are
 * left out, as the server's answer leaves them.
 */
function bikeWithPlaces(bike: Bike, event: StockEvent): Bike {
  const { placeId, place, placeQuantity, inTransit } = event;
  let next = bike;
  if (inTransit !== null && bike.inTransit !== inTransit) next = { ...next, inTransit };
  if (placeId === null || placeQuantity === null) return next;
  const shown = bike.stock.find((entry) => entry.placeId === placeId);
  if (shown?.quantity === placeQuantity || (!shown && placeQuantity === 0)) return next;
  const stock = shown
    ? bike.stock.map((entry) =>
        entry.placeId === placeId ? { ...entry, quantity: placeQuantity } : entry,
      )
    : [...bike.stock, { placeId, place: place ?? "", quantity: placeQuantity }];
  return { ...next, stock: stock.filter((entry) => entry.quantity > 0) };
}

/**
 * The pages filtered by the event's place (`place` in their query) say the bike's units there
 * (`placeQuantity`): those follow the event too. A bike left with none there stays on the page
 * until its next refetch, as a bike whose quantity reaches 0 does.
 */
function setPlaceQuantity(queryClient: QueryClient, event: StockEvent) {
  const { bikeId, placeId, placeQuantity } = event;
  if (placeId === null || placeQuantity === null) return;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: bikeKeys.stock() })) {
    const [, , filter] = query.queryKey as ReturnType<typeof bikeKeys.stockPage>;
    const page = query.state.data as StockPage | undefined;
    const shown = page?.items.find((bike) => bike._id === bikeId);
    if (filter?.place !== placeId || !shown || shown.placeQuantity === placeQuantity) continue;
    const items = page!.items.map((bike) => (bike === shown ? { ...bike, placeQuantity } : bike));
    queryClient.setQueryData(
      query.queryKey,
      { ...page!, items },
      { updatedAt: query.state.dataUpdatedAt },
    );
  }
}

function setQuantity(queryClient: QueryClient, event: StockEvent) {
  patchQueries<Bike>(queryClient, bikeKeys.detail(event.bikeId), (bike) =>
    bikeWithPlaces(bikeWithQuantity(bike, event), event),
  );
  patchQueries<StockPage>(queryClient, bikeKeys.stock(), (page) => pageWithQuantity(page, event));
  setPlaceQuantity(queryClient, event);
  patchQueries<Item[]>(queryClient, bikeKeys.itemLists(), (items) =>
    itemsWithQuantity(items, event),
  );
}

/**
 * The open bike page learns of the removal from its own query: it fails as a refetch would (404)
 * but keeps the bike it had, so the page can still name it while saying it is gone and offering
 * nothing to click (bike-detail-page.tsx). A later refetch answers the same 404, so the two never
 * disagree; a `restore` event puts the bike back.
 */
async function markRemoved(queryClient: QueryClient, bikeId: string) {
  const queryKey = bikeKeys.detail(bikeId);
  // A fetch under way started before the removal; its answer must not win.
  await queryClient.cancelQueries({ queryKey, exact: true });
  const query = queryClient.getQueryCache().find<Bike>({ queryKey, exact: true });
  if (!query) return;
  query.setState({
    ...query.state,
    status: "error",
    error: new ApiRequestError(404, NO_SUCH_BIKE),
    errorUpdatedAt: Date.now(),
    errorUpdateCount: query.state.errorUpdateCount + 1,
    fetchStatus: "idle",
  });
}

function removeBike(queryClient: QueryClient, bikeId: string) {
  const pages = queryClient.getQueryCache().findAll({ queryKey: bikeKeys.stock() });
  const showing = new Set(
    pages.filter((query) => hasBike(query.state.data as StockPage | undefined, bikeId)),
  );
  // Pages that hold the bike lose it here and now. The others keep their bikes (with keyset
  // pages, a removal elsewhere never changes which bikes a page holds) but maybe not their
  // total, which only the server knows: refetching them moves nothing on screen.
  void queryClient.invalidateQueries({
    queryKey: bikeKeys.stock(),
    predicate: (query) => !showing.has(query),
  });
  patchQueries<StockPage>(queryClient, bikeKeys.stock(), (page) => pageWithout(page, bikeId));
  patchQueries<Item[]>(queryClient, bikeKeys.itemLists(), (items) => itemsWithout(items, bikeId));
  // A supplier's bike count just went down.
  void queryClient.invalidateQueries({ queryKey: bikeKeys.suppliers() });
  void markRemoved(queryClient, bikeId);
}

export interface StockCache {
  apply: (event: StockEvent) => void;
  /** After a `reset`: refetch everything bike-related. */
  refetchAll: () => void;
  dispose: () => void;
}

export function createStockCache(queryClient: QueryClient): StockCache {
  let listRefresh: ReturnType<typeof setTimeout> | undefined;
  const stopRevising = reviseAnswersWith(reviseAnswer);

  /**
   * A new bike belongs somewhere in some lists, but where depends on each list's search,
   * filters, sort and page, which only the server knows how to apply; placing it here would copy
   * the server's full-text matching and keyset paging, and get them wrong. So the lists that may
   * show it are asked again. That may shift the cards of an open list, which we accept for a
   * creation (rare, and the pill says what happened), unlike quantity changes (frequent).
   */
  function refreshListsSoon() {
    if (listRefresh !== undefined) return;
    listRefresh = setTimeout(() => {
      listRefresh = undefined;
      for (const queryKey of [bikeKeys.stock(), bikeKeys.suppliers(), bikeKeys.itemLists()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }, LIST_REFRESH_DELAY_MS);
  }

  /** Recently deleted gained or lost a bike: only the server knows its order and purge times. */
  const refreshRecentlyDeleted = () =>
    void queryClient.invalidateQueries({ queryKey: deletedBikeKeys.list(), exact: true });

  function apply(event: StockEvent) {
    announceStockChange(event);
    const { bikeId } = event;
    switch (event.kind) {
      case "deliver":
      case "import":
      case "send":
      case "receive":
      case "shortfall":
        setQuantity(queryClient, event);
        break;
      case "seed":
      case "create":
      case "restore":
      case "edit":
        // A page already open on this bike (restored or edited): show it as it is now.
        if (event.bike && queryClient.getQueryState(bikeKeys.detail(bikeId))) {
          // The detail query holds a Bike: the list's status and updatedAt are left out, and its
          // places' stock, which the event does not carry, is kept until the refetch below.
          const shown = queryClient.getQueryData<Bike>(bikeKeys.detail(bikeId));
          queryClient.setQueryData(
            bikeKeys.detail(bikeId),
            bikeSchema.parse({ ...event.bike, stock: shown?.stock ?? [] }),
          );
          // A restored bike's units are back at their places: only its own answer says where.
          if (event.kind === "restore") {
            void queryClient.invalidateQueries({
              queryKey: bikeKeys.detail(bikeId),
              exact: true,
            });
          }
        }
        refreshListsSoon();
        if (event.kind === "restore") refreshRecentlyDeleted();
        break;
      case "delete":
        removeBike(queryClient, bikeId);
        refreshRecentlyDeleted();
        return;
      case "track":
      case "untrack":
      case "hold":
      case "hold-extend":
      case "release":
      case "hold-expire":
        // Units tracked or not, held or let go (issue 24): the bike's own answer says its held
        // count and whether it tracks units, which the event does not carry.
        void queryClient.invalidateQueries({ queryKey: bikeKeys.detail(bikeId), exact: true });
        break;
    }
    // The ledger of this bike is short and has a new line: worth asking again if it is shown.
    void queryClient.invalidateQueries({ queryKey: bikeKeys.movements(bikeId), exact: true });
  }

  return {
    apply,
    refetchAll: () => void queryClient.invalidateQueries({ queryKey: bikeKeys.all }),
    dispose: () => {
      clearTimeout(listRefresh);
      stopRevising();
    },
  };
}
