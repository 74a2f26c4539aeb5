import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { Dashboard } from "@ultimate-bikes/contract/dashboard";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DashboardPage } from "./dashboard-page";

// jsdom draws no canvas: the charts' bars are the chart library's, their numbers the tables'.
vi.mock("chart.js", () => ({
  Chart: class {
    static register() {}
    data: unknown;
    update() {}
    destroy() {}
  },
  BarController: {},
  BarElement: {},
  CategoryScale: {},
  Legend: {},
  LinearScale: {},
  Tooltip: {},
}));

const days = Array.from({ length: 30 }, (_, index) => ({
  day: `2026-11-${String(index + 1).padStart(2, "0")}`,
  unitsIn: 0,
  unitsOut: 0,
}));

/** A warehouse at 100,000 bikes, as the dashboard's API answers it. */
const large: Dashboard = {
  models: 100_000,
  unitsInStock: 1_234_567,
  stockValue: 113_646_239_529.68,
  valuedAtCost: 8000,
  valuedAtSalePrice: 92_000,
  lowCount: 10_073,
  outCount: 512,
  movementsToday: 42,
  unitsPerDay: days,
  valueBySupplier: Array.from({ length: 8 }, (_, index) => ({
    supplierName: `Supplier ${index + 1}`,
    value: 1_000_000 - index,
  })),
  otherSuppliers: { suppliers: 1492, value: 113_000_000_000 },
  byPlace: [],
  inTransit: { units: 0, valueAtPrice: 0, valueAtCost: null, unitsAtCost: 0 },
  transfersInTransit: { count: 0, units: 0, items: [] },
};

function renderDashboard(dashboard: Dashboard) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json(dashboard)),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A tile's number element, found by its label. */
async function tile(label: string) {
  const term = await screen.findByText(label, { selector: "dt, dt *" });
  const value = term.closest("div")!.querySelector("dd")!;
  return value;
}

afterEach(() => vi.unstubAllGlobals());

describe("the dashboard", () => {
  it("shows big numbers compact, with the exact figure in the title and for screen readers", async () => {
    renderDashboard(large);
    const value = await tile("Stock value");
    const figure = value.querySelector("[title]")!;
    expect(figure.getAttribute("title")).toBe("$113,646,239,529.68");
    expect(within(value).getByText("$113.6B")).toHaveAttribute("aria-hidden", "true");
    expect(within(value).getByText("$113,646,239,529.68")).toHaveClass("visually-hidden");
    expect(value).toHaveTextContent("At cost for 8,000 bikes, at sale price for 92,000");

    const units = await tile("Units in stock");
    expect(units.querySelector("[title]")).toHaveAttribute("title", "1,234,567");
    expect(within(units).getByText("1.2M")).toBeInTheDocument();
    // A number that fits stays exact, with nothing to hover for.
    const low = await tile("Low stock");
    expect(low).toHaveTextContent(/^10,073$/);
    expect(low.querySelector("[title]")).toBeNull();
  });

  it("makes the tiles with a list behind them links to the Inventory, filtered so", async () => {
    renderDashboard(large);
    expect(await screen.findByRole("link", { name: "Low stock" })).toHaveAttribute(
      "href",
      "/inventory?status=low",
    );
    expect(screen.getByRole("link", { name: "Out of stock" })).toHaveAttribute(
      "href",
      "/inventory?status=out",
    );
    expect(screen.getByRole("link", { name: "Models" })).toHaveAttribute("href", "/inventory");
    expect(screen.queryByRole("link", { name: "Stock value" })).toBeNull();
  });

  it("lists the named suppliers, each a link to its bikes, and the rest as one Others row", async () => {
    renderDashboard(large);
    const table = await screen.findByRole("table", { name: "Stock value by supplier" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(9);
    expect(within(rows[0]!).getByRole("link", { name: "Supplier 1" })).toHaveAttribute(
      "href",
      "/inventory?supplier=Supplier+1",
    );
    expect(rows.at(-1)).toHaveTextContent("Others (1,492 suppliers)$113,000,000,000.00");
  });

  it("has no Others row when every supplier is named, and says the stock is at sale price when no cost is known", async () => {
    renderDashboard({
      ...large,
      stockValue: 999.5,
      valuedAtCost: 0,
      valuedAtSalePrice: 3,
      valueBySupplier: [{ supplierName: "Alpha", value: 999.5 }],
      otherSuppliers: null,
    });
    const table = await screen.findByRole("table", { name: "Stock value by supplier" });
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    expect(within(table).queryByText(/Others/)).toBeNull();
    const value = await tile("Stock value");
    expect(value).toHaveTextContent("$999.50At sale price: no cost prices given");
  });
});

describe("the dashboard's places", () => {
  const warehouse = { id: "00000000-0000-4000-8000-000000000001", name: "Main warehouse" };
  const khulna = { id: "5b0c0e7a-4f4e-4b8e-9f8e-2a4d5c6b7a81", name: "Khulna showroom" };
  const transfer = {
    id: "7c0c0e7a-4f4e-4b8e-9f8e-2a4d5c6b7a82",
    number: "T-000001",
    source: warehouse,
    destination: khulna,
    units: 3,
    sentAt: "2026-11-25T09:30:00.000Z",
  };
  const byPlace: Dashboard = {
    ...large,
    byPlace: [
      { place: warehouse, units: 5, valueAtPrice: 1000, valueAtCost: 240, unitsAtCost: 2 },
      { place: khulna, units: 0, valueAtPrice: 0, valueAtCost: null, unitsAtCost: 0 },
    ],
    inTransit: { units: 3, valueAtPrice: 600, valueAtCost: 360, unitsAtCost: 3 },
    transfersInTransit: { count: 21, units: 40, items: [transfer] },
  };
  const cells = (row: HTMLElement) =>
    [...row.querySelectorAll("th, td")].map((cell) => cell.textContent);

  it("has each place's units and value, at cost where known, and the units in transit", async () => {
    renderDashboard(byPlace);
    const table = await screen.findByRole("table", { name: "Stock by place" });
    expect(within(table).getAllByRole("row").map(cells)).toEqual([
      ["Place", "Units", "At sale price", "At cost"],
      ["Main warehouse", "5", "$1,000.00", "$240.00 (2 of 5 units)"],
      ["Khulna showroom", "0", "$0.00", ""],
      ["In transit", "3", "$600.00", "$360.00"],
    ]);
  });

  it("lists the transfers on their way, each a link to it, and how many more there are", async () => {
    renderDashboard(byPlace);
    const table = await screen.findByRole("table", { name: "Transfers in transit" });
    const [, row] = within(table).getAllByRole("row");
    expect(within(row!).getByRole("link", { name: "T-000001" })).toHaveAttribute(
      "href",
      `/transfers/${transfer.id}`,
    );
    expect(row).toHaveTextContent("Main warehouse → to Khulna showroom3");
    expect(
      screen.getByText("21 transfers on the way, 40 units. These are the 1 sent longest ago."),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "All transfers in transit" })).toHaveAttribute(
      "href",
      "/transfers?status=sent",
    );
  });

  it("says when no transfer is on its way", async () => {
    renderDashboard(large);
    expect(await screen.findByText("No transfers in transit.")).toBeVisible();
  });
});
