import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, installFakeEventSource } from "../../test/fake-event-source";
import { card, change, liveStream, quantityOn, renderApp } from "../../test/live-stock-app";
import { RECONNECTING_TEXT } from "./live-stock";
import { RECONNECT_FIRST_DELAY_MS } from "./stock-events";
import { NOTICE_MS } from "./use-live-stock";
import { stockItem } from "../../test/stock-items";
import { KHULNA } from "../../test/places";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({
    data: { user: { id: "staff-1", email: "sam@example.com" } },
    isPending: false,
  }),
}));

describe("live stock", () => {
  beforeEach(installFakeEventSource);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows a delivery made elsewhere on the open bike page, beside its quantity", async () => {
    const honda = stockItem("Honda CB500", 5);
    const { count } = renderApp(`/inventory/${honda._id}`, [honda]);
    expect(await screen.findByTestId("bike-quantity")).toHaveTextContent("5");
    const source = await liveStream();
    await waitFor(() => expect(count(`/api/bikes/${honda._id}/movements`)).toBe(1));

    source.send("stock", change(honda, "deliver", -1, 4), 41);
    await waitFor(() => expect(screen.getByTestId("bike-quantity")).toHaveTextContent("4"));
    expect(screen.getByText("1 delivered just now")).toBeInTheDocument();

    source.send("stock", change(honda, "deliver", -1, 3), 42);
    await waitFor(() => expect(screen.getByTestId("bike-quantity")).toHaveTextContent("3"));
    expect(screen.getByText("2 delivered just now")).toBeInTheDocument();
    expect(screen.getByText("Low stock")).toBeInTheDocument();
    // Said once, on the page: the corner leaves this bike to it.
    expect(screen.queryByText(/Honda CB500:/)).toBeNull();
    // The ledger is asked again; the bike itself is not.
    await waitFor(() => expect(count(`/api/bikes/${honda._id}/movements`)).toBe(3));
    expect(count(`/api/bikes/${honda._id}`)).toBe(1);
  });

  it("shows the units at each place change on the open bike page", async () => {
    const honda = stockItem("Honda CB500", 5);
    renderApp(`/inventory/${honda._id}`, [honda]);
    const places = await screen.findByRole("table", { name: "Stock by place" });
    const row = (place: string) => within(places).getByRole("row", { name: new RegExp(place) });
    expect(row("Main warehouse")).toHaveTextContent("5");
    const source = await liveStream();

    source.send(
      "stock",
      {
        ...change(honda, "import", 2, 7),
        placeId: KHULNA.id,
        place: KHULNA.name,
        placeDelta: 2,
        placeQuantity: 2,
        inTransit: 0,
      },
      41,
    );
    await waitFor(() => expect(row("Khulna showroom")).toHaveTextContent("2"));
    expect(row("Main warehouse")).toHaveTextContent("5");
  });

  it("changes a card's quantity and badge in place, and says so in the corner for a while", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const yamaha = stockItem("Yamaha MT-07", 2);
    const { count } = renderApp("/inventory", [stockItem("Honda CB500", 12), yamaha]);
    await screen.findByText("2 bikes");
    const source = await liveStream();
    expect(within(card("Yamaha MT-07")).getByText("Low stock")).toBeInTheDocument();

    source.send("stock", change(yamaha, "import", 5, 7), 41);
    await waitFor(() => expect(quantityOn(card("Yamaha MT-07"))).toHaveTextContent("7"));
    expect(within(card("Yamaha MT-07")).queryByText("Low stock")).toBeNull();
    expect(screen.getByText("Yamaha MT-07: 5 imported just now")).toBeInTheDocument();
    // In place: the list is not asked again, so no card moves.
    expect(count("/api/stock")).toBe(1);

    act(() => vi.advanceTimersByTime(NOTICE_MS));
    expect(screen.queryByText(/imported just now/)).toBeNull();
  });

  it("says on the open bike page that the bike was removed, and turns its actions off", async () => {
    const honda = stockItem("Honda CB500", 5);
    renderApp(`/inventory/${honda._id}`, [honda]);
    await screen.findByTestId("bike-quantity");
    const source = await liveStream();

    source.send("stock", change(honda, "delete", -5, 0), 41);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Honda CB500 was removed from the warehouse.",
    );
    expect(screen.getByRole("heading", { level: 2, name: "Honda CB500" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delivered" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Import" })).toBeDisabled();
    expect(screen.getByRole("spinbutton", { name: "Units to import" })).toBeDisabled();
    expect(screen.queryByText("Honda CB500 deleted")).toBeNull();
  });

  it("takes a removed bike off the stock list without asking for the list again", async () => {
    const honda = stockItem("Honda CB500", 5);
    const { count } = renderApp("/inventory", [honda, stockItem("Yamaha MT-07", 2)]);
    await screen.findByText("2 bikes");
    const source = await liveStream();

    source.send("stock", change(honda, "delete", -5, 0), 41);
    await screen.findByText("1 bike");
    expect(screen.queryByRole("article", { name: "Honda CB500" })).toBeNull();
    expect(screen.getByText("Honda CB500 deleted")).toBeInTheDocument();
    expect(count("/api/stock")).toBe(1);
  });

  it("shows a new bike by asking for the list again, and names it in the corner", async () => {
    const stock = [stockItem("Honda CB500", 12)];
    const { count } = renderApp("/inventory", stock);
    await screen.findByText("1 bike");
    const source = await liveStream();

    const ducati = stockItem("Ducati Monster", 4);
    stock.push(ducati);
    source.send("stock", change(ducati, "create", 4, 4), 41);
    expect(await screen.findByText("Ducati Monster added")).toBeInTheDocument();
    await screen.findByText("2 bikes");
    expect(card("Ducati Monster")).toBeInTheDocument();
    expect(count("/api/stock")).toBe(2);
  });

  it("says in the corner that a bike was edited, not added", async () => {
    const honda = stockItem("Honda CB500", 12);
    renderApp("/inventory", [honda]);
    await screen.findByText("1 bike");
    const source = await liveStream();

    source.send("stock", { ...change(honda, "edit", 0, 12), bike: honda }, 41);
    expect(await screen.findByText("Honda CB500 edited")).toBeInTheDocument();
    expect(screen.queryByText("Honda CB500 added")).toBeNull();
  });

  it("asks again for everything shown when the server says too much was missed", async () => {
    const stock = [stockItem("Honda CB500", 12)];
    const { count } = renderApp("/inventory", stock);
    await screen.findByText("1 bike");
    const source = await liveStream();

    stock.push(stockItem("Ducati Monster", 4));
    source.send("reset", {}, 2000);
    await screen.findByText("2 bikes");
    expect(count("/api/stock")).toBe(2);
  });

  it("says when live updates are paused, and stops once they are back", async () => {
    renderApp("/blog");
    await screen.findByText("Nothing about stock here.");
    const source = await waitFor(() => FakeEventSource.latest());
    expect(source.url).toBe("/api/stock/events");
    // Nothing while the first connection is being made.
    expect(screen.queryByText(RECONNECTING_TEXT)).toBeNull();
    source.open();
    expect(screen.queryByText(RECONNECTING_TEXT)).toBeNull();

    // The connection drops; the browser reconnects by itself.
    source.fail();
    expect(screen.getByText(RECONNECTING_TEXT).closest("[role=status]")).toHaveAttribute(
      "aria-live",
      "polite",
    );
    source.open();
    expect(screen.queryByText(RECONNECTING_TEXT)).toBeNull();
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("after the browser gives up, connects again ever more slowly, resuming after the last event", async () => {
    renderApp("/blog");
    await screen.findByText("Nothing about stock here.");
    const first = await liveStream();
    vi.useFakeTimers();
    first.send("stock", change(stockItem("Honda CB500", 5), "deliver", -1, 4), 41);

    first.fail({ gaveUp: true });
    expect(screen.getByText(RECONNECTING_TEXT)).toBeInTheDocument();
    vi.advanceTimersByTime(RECONNECT_FIRST_DELAY_MS - 1);
    expect(FakeEventSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.made).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe("/api/stock/events?lastEventId=41");

    // Failing again, it waits twice as long.
    FakeEventSource.latest().fail({ gaveUp: true });
    vi.advanceTimersByTime(2 * RECONNECT_FIRST_DELAY_MS - 1);
    expect(FakeEventSource.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.made).toHaveLength(3);

    // Once through, the next failure starts from the shortest wait again.
    const third = FakeEventSource.latest();
    third.open();
    expect(screen.queryByText(RECONNECTING_TEXT)).toBeNull();
    third.send("ready", { lastEventId: 43 }, 43);
    third.fail({ gaveUp: true });
    vi.advanceTimersByTime(RECONNECT_FIRST_DELAY_MS);
    expect(FakeEventSource.made).toHaveLength(4);
    expect(FakeEventSource.latest().url).toBe("/api/stock/events?lastEventId=43");
  });

  it("applies changes replayed after a reconnection without calling them new", async () => {
    const honda = stockItem("Honda CB500", 12);
    renderApp("/inventory", [honda]);
    await screen.findByText("1 bike");
    const source = await liveStream();

    source.fail();
    source.open();
    source.send("stock", change(honda, "deliver", -1, 11), 41);
    await waitFor(() => expect(quantityOn(card("Honda CB500"))).toHaveTextContent("11"));
    expect(screen.queryByText(/delivered just now/)).toBeNull();

    source.send("ready", { lastEventId: 41 }, 41);
    source.send("stock", change(honda, "deliver", -1, 10), 42);
    expect(await screen.findByText("Honda CB500: 1 delivered just now")).toBeInTheDocument();
  });

  it("ignores events it cannot read", async () => {
    const honda = stockItem("Honda CB500", 12);
    renderApp("/inventory", [honda]);
    await screen.findByText("1 bike");
    const source = await liveStream();

    source.sendRaw("stock", "not json", 41);
    source.send("stock", { ...change(honda, "deliver", -1, 11), kind: "stolen" }, 42);
    source.send("stock", change(honda, "deliver", -1, 11), 43);
    await waitFor(() => expect(quantityOn(card("Honda CB500"))).toHaveTextContent("11"));
  });
});
