import { QueryClient } from "@tanstack/react-query";
import { bikeSchema, itemListSchema, type Item } from "@ultimate-bikes/contract/bikes";
import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import { stockPageSchema, type StockItem, type StockPage } from "@ultimate-bikes/contract/stock";
import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import { describe, expect, it, vi } from "vitest";
import { apiRequest } from "../../lib/api-client";
import { streamed, streamLive, streamStopped } from "../../lib/ledger-position";
import { bikeKeys } from "./bikes-api";
import { deletedBikeKeys } from "./deleted-bikes-api";
import { createStockCache } from "./stock-event-cache";
import { stockItem } from "../../test/stock-items";

const event = (bike: StockItem, kind: StockEvent["kind"], quantity: number): StockEvent => ({
  id: 41,
  bikeId: bike._id,
  name: bike.name,
  kind,
  delta: quantity - bike.quantity,
  quantity,
  at: "2026-11-22T11:00:00.000Z",
  placeId: null,
  place: null,
  placeDelta: null,
  placeQuantity: null,
  inTransit: null,
  transferId: null,
});

const page = (...items: StockItem[]): StockPage => ({ items, nextCursor: null, total: 30 });

// What My Items and pages not on screen hold; the rendered lists are tested in live-stock.test.tsx.
describe("stock events in the query cache", () => {
  it("sets My Items' quantity, the same whether an event comes once or twice", () => {
    const queryClient = new QueryClient();
    const mine = stockItem("Honda CB500", 5);
    const items: Item[] = [{ ...mine, stock: [], email: "rider@example.com" }];
    queryClient.setQueryData(bikeKeys.items("rider@example.com"), items);
    const cache = createStockCache(queryClient);

    cache.apply(event(mine, "deliver", 4));
    const once = queryClient.getQueryData<Item[]>(bikeKeys.items("rider@example.com"));
    cache.apply(event(mine, "deliver", 4));
    const twice = queryClient.getQueryData<Item[]>(bikeKeys.items("rider@example.com"));
    expect(once?.map((item) => item.quantity)).toEqual([4]);
    expect(twice).toBe(once);

    cache.apply(event(mine, "delete", 0));
    expect(queryClient.getQueryData(bikeKeys.items("rider@example.com"))).toEqual([]);
    cache.dispose();
  });

  it("asks again for an open bike whose units were held or tracked, which the event does not say", () => {
    const queryClient = new QueryClient();
    const held = stockItem("Yamaha MT-07", 2);
    const other = stockItem("Honda CB500", 5);
    for (const bike of [held, other]) {
      queryClient.setQueryData(bikeKeys.detail(bike._id), bikeSchema.parse(bike));
    }
    const cache = createStockCache(queryClient);
    cache.apply(event(held, "hold", 2));
    expect(queryClient.getQueryState(bikeKeys.detail(held._id))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(bikeKeys.detail(other._id))?.isInvalidated).toBe(false);
    cache.dispose();
  });

  it("on a removal, drops the bike from the pages holding it and marks the others for a new total", () => {
    const queryClient = new QueryClient();
    const gone = stockItem("Honda CB500", 5);
    const kept = stockItem("Yamaha MT-07", 2);
    queryClient.setQueryData(bikeKeys.stockPage({ sort: "name" }), page(gone, kept));
    queryClient.setQueryData(bikeKeys.stockPage({ sort: "name", cursor: "x" }), page(kept));

    createStockCache(queryClient).apply(event(gone, "delete", 0));
    const holding = queryClient.getQueryState<StockPage>(bikeKeys.stockPage({ sort: "name" }));
    const other = queryClient.getQueryState<StockPage>(
      bikeKeys.stockPage({ sort: "name", cursor: "x" }),
    );
    expect(holding?.data).toEqual({ ...page(kept), total: 29 });
    expect(holding?.isInvalidated).toBe(false);
    expect(other?.data).toEqual(page(kept));
    expect(other?.isInvalidated).toBe(true);
  });

  it("brings a restored bike back on its open page, asks the lists again and Recently deleted too", async () => {
    const queryClient = new QueryClient();
    const honda = stockItem("Honda CB500", 5);
    // What the bike page holds: the bike, without the list's status and last change.
    const shown = bikeSchema.parse(honda);
    const detailKey = bikeKeys.detail(honda._id);
    const lists = [bikeKeys.stockPage({ sort: "name" }), bikeKeys.items("rider@example.com")];
    /** What each screen holds, fresh: nothing marked to be asked again. */
    const showScreens = () => {
      queryClient.setQueryData(lists[0]!, page());
      queryClient.setQueryData(lists[1]!, []);
      queryClient.setQueryData(deletedBikeKeys.list(), { items: [], retentionDays: 30 });
    };
    const invalidated = (queryKey: readonly unknown[]) =>
      queryClient.getQueryState(queryKey)?.isInvalidated;
    queryClient.setQueryData(detailKey, shown);
    showScreens();
    const cache = createStockCache(queryClient);

    cache.apply(event(honda, "delete", 0));
    await vi.waitFor(() => expect(queryClient.getQueryState(detailKey)?.status).toBe("error"));
    expect(invalidated(deletedBikeKeys.list())).toBe(true);

    showScreens();
    cache.apply({ ...event(honda, "restore", 5), bike: honda });
    expect(queryClient.getQueryState(detailKey)).toMatchObject({ status: "success", data: shown });
    expect(invalidated(deletedBikeKeys.list())).toBe(true);
    await vi.waitFor(() => expect(lists.map(invalidated)).toEqual([true, true]));
    cache.dispose();
  });

  it("sets the units at a place on the pages filtered by that place only", () => {
    const queryClient = new QueryClient();
    const honda = stockItem("Honda CB500", 5);
    const khulna = "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
    const sylhet = "7a2d3b45-6c7e-4f80-9bac-1d2e3f4a5b6c";
    const atKhulna = bikeKeys.stockPage({ sort: "name", place: khulna });
    const atSylhet = bikeKeys.stockPage({ sort: "name", place: sylhet });
    queryClient.setQueryData(atKhulna, page({ ...honda, placeQuantity: 2 }));
    queryClient.setQueryData(atSylhet, page({ ...honda, placeQuantity: 3 }));

    createStockCache(queryClient).apply({
      ...event(honda, "deliver", 4),
      placeId: khulna,
      place: "Khulna showroom",
      placeDelta: -1,
      placeQuantity: 1,
    });
    const shown = (key: typeof atKhulna) => queryClient.getQueryData<StockPage>(key)!.items[0]!;
    expect(shown(atKhulna)).toMatchObject({ quantity: 4, placeQuantity: 1 });
    expect(shown(atSylhet)).toMatchObject({ quantity: 4, placeQuantity: 3 });
  });

  it("changes nothing when an event is one the cached data already shows", () => {
    const queryClient = new QueryClient();
    const honda = stockItem("Honda CB500", 5);
    queryClient.setQueryData(bikeKeys.detail(honda._id), bikeSchema.parse(honda));
    queryClient.setQueryData(bikeKeys.stockPage({ sort: "name" }), page(honda));
    const before = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data);

    createStockCache(queryClient).apply(event(honda, "import", 5));
    const after = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data);
    expect(after).toHaveLength(2);
    after.forEach((data, index) => expect(data).toBe(before[index]));
  });

  it("keeps what events did when a read from before them is answered after them", async () => {
    const honda = stockItem("Honda CB500", 5);
    const gone = stockItem("Yamaha MT-07", 2);
    const cache = createStockCache(new QueryClient());
    streamLive(40);
    for (const change of [
      { ...event(honda, "deliver", 4), id: 41 },
      { ...event(gone, "delete", 0), id: 42 },
    ]) {
      cache.apply(change);
      streamed(change);
    }
    // Each answer was read at position 40: before the delivery and the removal.
    const answers: Record<string, unknown> = {
      [`/api/bikes/${honda._id}`]: honda,
      "/api/stock": page(honda, gone),
      "/api/items": [honda, gone].map((bike) => ({ ...bike, email: "rider@example.com" })),
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        Response.json(answers[url], { headers: { [LEDGER_POSITION_HEADER]: "40" } }),
      ),
    );

    const bike = await apiRequest(`/bikes/${honda._id}`, bikeSchema);
    const stock = await apiRequest("/stock", stockPageSchema);
    const items = await apiRequest("/items", itemListSchema);
    expect(bike.quantity).toBe(4);
    expect(stock.items.map(({ name, quantity, status }) => [name, quantity, status])).toEqual([
      ["Honda CB500", 4, "in"],
    ]);
    expect(stock.total).toBe(29);
    expect(items.map(({ name, quantity }) => [name, quantity])).toEqual([["Honda CB500", 4]]);
    cache.dispose();
    streamStopped();
    vi.unstubAllGlobals();
  });
});
