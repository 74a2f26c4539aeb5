import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Bike } from "@ultimate-bikes/contract/bikes";
import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import type { Unit } from "@ultimate-bikes/contract/units";
import { MemoryRouter } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { announceStockChange } from "../../lib/stock-change-signal";
import { KHULNA, MAIN_WAREHOUSE } from "../../test/places";
import { stockItem } from "../../test/stock-items";
import { BikeUnits } from "./bike-units";

const bike: Bike = {
  ...stockItem("Yamaha MT-07", 3),
  tracksUnits: true,
  held: 1,
  stock: [
    { placeId: MAIN_WAREHOUSE.id, place: MAIN_WAREHOUSE.name, quantity: 2 },
    { placeId: KHULNA.id, place: KHULNA.name, quantity: 1 },
  ],
};

const unit = (serial: number, place: typeof KHULNA, overrides: Partial<Unit> = {}): Unit => ({
  id: `0b6a1f52-3c1e-4d8e-9f70-6a5b4c3d2e${String(serial).padStart(2, "0")}`,
  bikeId: bike._id,
  bikeName: bike.name,
  chassis: `ME1RM2810P00123${String(serial).padStart(2, "0")}`,
  engine: `M401E01234${serial}`,
  colour: "Icon Blue",
  modelYear: 2024,
  status: "in_stock",
  placeId: place.id,
  place: place.name,
  transferId: null,
  arrivedAt: `2026-11-2${serial}T09:00:00.000Z`,
  deliveredAt: null,
  notes: "",
  checkDigitMatches: true,
  hold: null,
  ...overrides,
});

const oldest = unit(1, MAIN_WAREHOUSE, {
  status: "held",
  hold: {
    id: "hold-1",
    customerName: "Rahim Uddin",
    customerPhone: "+880 1711 000000",
    reference: null,
    expiresAt: "2026-12-01T12:00:00.000Z",
    madeBy: "Jo",
    madeById: "user-1",
    madeAt: "2026-11-25T10:00:00.000Z",
  },
});
const newer = unit(2, MAIN_WAREHOUSE);
const atKhulna = unit(3, KHULNA);
const delivered = unit(4, KHULNA, { status: "delivered", deliveredAt: "2026-11-25T10:00:00.000Z" });

/** The bike's units, against an API answering `lists` in turn for its units. */
function renderUnits(lists: Unit[][]) {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push({ url, body: JSON.parse(String(init.body ?? "null")) });
      if (url.endsWith("/deliveries")) return Response.json({ ...bike, quantity: 2 });
      return Response.json(lists.length > 1 ? lists.shift() : lists[0]);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BikeUnits bike={bike} />
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { requests, user: userEvent.setup() };
}

const listed = (place: string) =>
  within(screen.getByRole("region", { name: `Units at ${place}` }))
    .getAllByRole("link")
    .map((link) => link.textContent);

const stockEvent = (bikeId: string): StockEvent => ({
  id: 42,
  bikeId,
  name: bike.name,
  kind: "deliver",
  delta: -1,
  quantity: 2,
  at: "2026-11-26T10:00:00.000Z",
  placeId: MAIN_WAREHOUSE.id,
  place: MAIN_WAREHOUSE.name,
  placeDelta: -1,
  placeQuantity: 1,
  inTransit: null,
  transferId: null,
});

describe("a tracked model's units on its page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the units still here at each place, oldest first, with who holds one for whom", async () => {
    renderUnits([[oldest, newer, atKhulna, delivered]]);
    expect(await screen.findByRole("region", { name: "Units at Main warehouse" })).toBeVisible();
    expect(listed(MAIN_WAREHOUSE.name)).toEqual([oldest.chassis, newer.chassis]);
    expect(listed(KHULNA.name)).toEqual([atKhulna.chassis]);
    const first = screen.getAllByRole("listitem")[0]!;
    expect(first).toHaveTextContent(/Held for Rahim Uddin by Jo, until 1 Dec 2026/);
    expect(within(first).getByRole("link")).toHaveAttribute("href", `/units/${oldest.id}`);
  });

  it("delivers the unit whose Delivered was clicked, from its place", async () => {
    const { requests, user } = renderUnits([[oldest, newer, atKhulna]]);
    await user.click(await screen.findByRole("button", { name: `Delivered ${atKhulna.chassis}` }));
    expect(await screen.findByText(`${atKhulna.chassis} delivered. 2 left.`)).toBeVisible();
    expect(requests.filter(({ url }) => url.endsWith("/deliveries"))).toEqual([
      {
        url: `/api/bikes/${bike._id}/deliveries`,
        body: { unitId: atKhulna.id, placeId: KHULNA.id },
      },
    ]);
  });

  it("asks for its units again when the live stream says this bike changed, not another", async () => {
    const { requests } = renderUnits([
      [oldest, newer, atKhulna],
      [oldest, atKhulna],
    ]);
    expect(await screen.findByRole("region", { name: "Units at Main warehouse" })).toBeVisible();
    act(() => announceStockChange(stockEvent("another-bike")));
    act(() => announceStockChange(stockEvent(bike._id)));
    await vi.waitFor(() => expect(listed(MAIN_WAREHOUSE.name)).toEqual([oldest.chassis]));
    expect(requests.filter(({ url }) => url.endsWith("/units"))).toHaveLength(2);
  });
});
