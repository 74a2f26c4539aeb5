import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, installFakeEventSource } from "../../test/fake-event-source";
import { card, change, quantityOn, renderApp } from "../../test/live-stock-app";
import { stockItem } from "../../test/stock-items";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({
    data: { user: { id: "staff-1", email: "sam@example.com" } },
    isPending: false,
  }),
}));

/*
 * Issue 20: a change made between a screen's first reads and the opening of its stream (after
 * the first paint and its code) is not lost: the stream starts from where the reads stood.
 */
describe("live stock from where the screen's reads stand", () => {
  beforeEach(installFakeEventSource);
  afterEach(() => vi.unstubAllGlobals());

  it("opens Inventory's stream from the oldest read's position and shows what is replayed", async () => {
    const honda = stockItem("Honda CB500", 5);
    renderApp("/inventory", [honda], { "/api/stock": 42, "/api/suppliers": 40 });
    await screen.findByText("1 bike");
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    const source = FakeEventSource.latest();
    expect(source.url).toBe("/api/stock/events?lastEventId=40");

    source.open();
    source.send("stock", change(honda, "import", 3, 8), 41);
    source.send("ready", { lastEventId: 41 }, 41);
    await waitFor(() => expect(quantityOn(card("Honda CB500"))).toHaveTextContent("8"));
    // Nothing on screen showed it yet: it is news, said like a live change (not so for what a
    // reconnection replays, which the screen already showed before it lost the stream).
    expect(await screen.findByText("Honda CB500: 3 imported just now")).toBeInTheDocument();
  });

  it("opens a bike page's stream from its read's position", async () => {
    const honda = stockItem("Honda CB500", 5);
    renderApp(`/inventory/${honda._id}`, [honda], { [`/api/bikes/${honda._id}`]: 40 });
    expect(await screen.findByTestId("bike-quantity")).toHaveTextContent("5");
    const source = await waitFor(() => FakeEventSource.latest());
    expect(source.url).toBe("/api/stock/events?lastEventId=40");

    source.open();
    source.send("stock", change(honda, "deliver", -1, 4), 41);
    await waitFor(() => expect(screen.getByTestId("bike-quantity")).toHaveTextContent("4"));
  });
});
