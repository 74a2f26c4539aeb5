import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InventoryPage } from "./inventory-page";
import { stockItem } from "../../test/stock-items";
import { KHULNA, TEST_PLACES } from "../../test/places";
import { signedInAccount } from "../../test/signed-in-account";
import { testUnit } from "../../test/units";
import type { Role } from "@ultimate-bikes/contract/roles";
import type { UnitMatch } from "@ultimate-bikes/contract/units";

/** Who is signed in: nobody, unless a test says otherwise. */
let signedInAs: Role | undefined;
vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({
    data: signedInAs && { user: { id: "user-1", email: "jo@example.com" } },
    isPending: false,
  }),
}));

const stock = [
  stockItem("Honda CB500", 12, { supplierName: "Honda Imports" }),
  stockItem("Yamaha MT-07", 2, { supplierName: "Yamaha Direct" }),
  stockItem("Vespa Primavera", 0, { supplierName: "Piaggio" }),
];
/** Units at Khulna: the Yamaha only. */
const atKhulna = new Map([[stock[1]!._id, 1]]);

/** The API as far as Inventory needs it: one page holding every bike that matches. */
function renderInventory(path = "/inventory") {
  const stockRequests: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, "http://localhost");
      if (pathname === "/api/suppliers") {
        const names = [...new Set(stock.map((bike) => bike.supplierName))];
        return Response.json(names.map((name) => ({ name, bikeCount: 1 })));
      }
      if (pathname === "/api/places") return Response.json(TEST_PLACES);
      if (pathname === "/api/account") return Response.json(signedInAccount(signedInAs!));
      stockRequests.push(searchParams);
      const words = (searchParams.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      const status = searchParams.get("status");
      const place = searchParams.get("place");
      const items = stock
        .filter(
          (bike) =>
            words.every((word) => bike.name.toLowerCase().includes(word)) &&
            (!status || bike.status === status) &&
            (!place || (place === KHULNA.id && atKhulna.has(bike._id))),
        )
        .map((bike) => (place ? { ...bike, placeQuantity: atKhulna.get(bike._id) } : bike));
      // The units of a number (staff), their bikes first: the Yamaha's one unit.
      const number = (searchParams.get("q") ?? "").toUpperCase();
      if (searchParams.get("units") === "include") {
        const units = YAMAHA_UNIT.chassis.endsWith(number) ? [YAMAHA_UNIT] : [];
        const found = units.length ? [stock[1]!] : [];
        return Response.json({ items: found, nextCursor: null, total: found.length, units });
      }
      return Response.json({ items, nextCursor: null, total: items.length });
    }),
  );
  const router = createMemoryRouter([{ path: "/inventory", element: <InventoryPage /> }], {
    initialEntries: ["/", path],
    initialIndex: 1,
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // No pause between keys: each run of typing is one burst, however busy the machine is.
  return { router, stockRequests, user: userEvent.setup({ delay: null }) };
}

const count = () => screen.getByRole("status");
const cardNames = () =>
  within(screen.getByRole("list", { name: "Bikes" }))
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.textContent);

const YAMAHA_UNIT: UnitMatch = testUnit({
  bikeId: stock[1]!._id,
  bikeName: "Yamaha MT-07",
  place: "Khulna showroom",
});

describe("Inventory", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signedInAs = undefined;
  });

  it("names the unit a number finds for staff, above its bike, linking to the unit's page", async () => {
    signedInAs = "staff";
    const { stockRequests } = renderInventory("/inventory?q=012345");
    const found = await screen.findByRole("list", { name: "Units found by number" });
    expect(found).toHaveTextContent(
      "Unit ME1RM2810P0012345 — Yamaha MT-07, in stock at Khulna showroom",
    );
    expect(within(found).getByRole("link", { name: "Unit ME1RM2810P0012345" })).toHaveAttribute(
      "href",
      `/units/${YAMAHA_UNIT.id}`,
    );
    expect(cardNames()).toEqual(["Yamaha MT-07"]);
    expect(stockRequests.at(-1)?.get("units")).toBe("include");
  });

  it("looks units up only for staff, and only for a text shaped like a number", async () => {
    signedInAs = "member";
    const member = renderInventory("/inventory?q=012345");
    // Once the account is known, as the staff's search waits for it.
    await waitFor(() =>
      expect(
        vi.mocked(fetch).mock.calls.some(([url]) => String(url).endsWith("/api/account")),
      ).toBe(true),
    );
    await screen.findByText("No bikes match your search.");
    expect(member.stockRequests.every((params) => !params.has("units"))).toBe(true);
  });

  it("asks staff's search by words for no units", async () => {
    signedInAs = "staff";
    const { stockRequests } = renderInventory("/inventory?q=yamaha");
    await screen.findByText("1 bike");
    expect(screen.queryByRole("list", { name: "Units found by number" })).toBeNull();
    expect(stockRequests.every((params) => !params.has("units"))).toBe(true);
  });

  it("counts the bikes and badges the low and empty ones in words", async () => {
    renderInventory();
    await screen.findByText("3 bikes");
    expect(count()).toHaveTextContent("3 bikes");
    const card = (name: string) => screen.getByRole("article", { name });
    expect(within(card("Yamaha MT-07")).getByText("Low stock")).toBeInTheDocument();
    expect(within(card("Vespa Primavera")).getByText("Out of stock")).toBeInTheDocument();
    expect(within(card("Honda CB500")).queryByText(/stock/)).toBeNull();
  });

  it("searches once typing pauses, in one history entry that Back leaves", async () => {
    const { router, stockRequests, user } = renderInventory();
    await screen.findByText("3 bikes");
    const box = screen.getByRole("searchbox", { name: "Search bikes" });

    await user.type(box, "hon");
    await screen.findByText("1 bike");
    expect(cardNames()).toEqual(["Honda CB500"]);
    expect(router.state.location.search).toBe("?q=hon");
    expect(router.state.historyAction).toBe("PUSH");
    // One request for the pause, none for "h" or "ho"; focus stays in the box.
    expect(stockRequests.map((params) => params.get("q"))).toEqual([null, "hon"]);
    expect(box).toHaveFocus();

    await user.type(box, "da");
    await vi.waitFor(() => expect(router.state.location.search).toBe("?q=honda"));
    expect(router.state.historyAction).toBe("REPLACE");

    await router.navigate(-1);
    await screen.findByText("3 bikes");
    expect(router.state.location.search).toBe("");
    expect(box).toHaveValue("");
  });

  it("says when nothing matches, and clears the search", async () => {
    const { router, user } = renderInventory("/inventory?q=ducati&status=low");
    expect(await screen.findByText("No bikes match your search.")).toBeInTheDocument();
    expect(count()).toHaveTextContent("0 bikes");
    expect(screen.getByRole("searchbox", { name: "Search bikes" })).toHaveValue("ducati");
    expect(screen.getByRole("combobox", { name: "Stock level" })).toHaveValue("low");

    await user.click(screen.getByRole("button", { name: "Clear search and filters" }));
    await screen.findByText("3 bikes");
    expect(router.state.location.search).toBe("");
    expect(screen.getByRole("searchbox", { name: "Search bikes" })).toHaveValue("");
  });

  it("filters by stock level and sorts from the menus, each a history entry", async () => {
    const { router, stockRequests, user } = renderInventory();
    await screen.findByText("3 bikes");

    await user.selectOptions(screen.getByRole("combobox", { name: "Stock level" }), "low");
    await screen.findByText("1 bike");
    expect(cardNames()).toEqual(["Yamaha MT-07"]);
    expect(router.state.historyAction).toBe("PUSH");

    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "-quantity");
    await vi.waitFor(() => expect(router.state.location.search).toBe("?status=low&sort=-quantity"));
    expect(stockRequests.at(-1)?.toString()).toBe("status=low&sort=-quantity&limit=24");
  });

  it("filters by place, keeps it in the address, and says each bike's units there", async () => {
    const { router, stockRequests, user } = renderInventory();
    await screen.findByText("3 bikes");
    const place = screen.getByRole("combobox", { name: "Place" });
    expect(
      within(place)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All places", "Main warehouse", "Khulna showroom", "Sylhet showroom"]);

    await user.selectOptions(place, "Khulna showroom");
    await screen.findByText("1 bike");
    expect(router.state.location.search).toBe(`?place=${KHULNA.id}`);
    expect(stockRequests.at(-1)?.get("place")).toBe(KHULNA.id);
    const card = screen.getByRole("article", { name: "Yamaha MT-07" });
    expect(within(card).getByText("1 at Khulna showroom")).toBeInTheDocument();

    await router.navigate(-1);
    await screen.findByText("3 bikes");
    expect(place).toHaveValue("");
    expect(screen.queryByText(/at Khulna showroom/)).toBeNull();
  });

  it("opens a link with a place filter on that place", async () => {
    renderInventory(`/inventory?place=${KHULNA.id}`);
    await screen.findByText("1 bike");
    expect(await screen.findByText("1 at Khulna showroom")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Place" })).toHaveValue(KHULNA.id);
  });
});
