import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { StockItem } from "@ultimate-bikes/contract/stock";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LabelsPage } from "./labels-page";
import { stubScreenWidth } from "../../test/screen-width";
import { signedInAccount } from "../../test/signed-in-account";
import { stockItem } from "../../test/stock-items";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

/** Bikes named in mixed case, numbered UB-00001 on, as the stock search answers them. */
const stock = (names: string[]): StockItem[] =>
  names.map((name, index) => ({
    ...stockItem(name, 5),
    stockNumber: `UB-${String(index + 1).padStart(5, "0")}`,
  }));

/**
 * Labels for staff against a stock search that answers `pages` in turn (each `nextCursor` the
 * next page's number) and a search for a stock number with that bike alone.
 */
function renderLabels(bikes: StockItem[], { pageSize = 24, path = "/labels" } = {}) {
  const asked: string[] = [];
  stubScreenWidth(1280);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === "/api/account") return Response.json(signedInAccount("staff"));
      const one = /^\/api\/bikes\/([^/?]+)$/.exec(url)?.[1];
      if (one) return Response.json(bikes.find((bike) => bike._id === one));
      const query = new URL(url, "http://localhost").searchParams;
      const q = query.get("q");
      const found = q ? bikes.filter((bike) => bike.stockNumber === q.toUpperCase()) : bikes;
      const start = Number(query.get("cursor") ?? 0);
      const end = start + pageSize;
      return Response.json({
        items: found.slice(start, end),
        nextCursor: end < found.length ? String(end) : null,
        total: found.length,
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LabelsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { asked, user: userEvent.setup() };
}

describe("Labels", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says how many bikes the picker holds and shows each of them, with its stock number", async () => {
    const names = ["apple", "Banana", "cherry", "Damson", "elder", "Fig", "grape"];
    renderLabels(stock([...names, "Hazel", "iris", "Juniper", "kiwi", "Lime", "mango"]));
    expect(await screen.findByText("13 bikes")).toHaveAttribute("role", "status");
    const picker = screen.getByRole("list", { name: "Bikes to pick from" });
    expect(within(picker).getAllByRole("checkbox")).toHaveLength(13);
    expect(within(picker).getByRole("checkbox", { name: "apple (Honda Imports) UB-00001" }));
  });

  it("grows a page at a time, saying how many are shown", async () => {
    const { user, asked } = renderLabels(stock(["A", "B", "C", "D", "E"]), { pageSize: 2 });
    expect(await screen.findByText("5 bikes, 2 shown")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show 24 more" }));
    expect(await screen.findByText("5 bikes, 4 shown")).toBeInTheDocument();
    expect(asked.filter((url) => url.startsWith("/api/stock?")).at(-1)).toContain("cursor=2");
  });

  it("finds a bike by its stock number and prints that number big on its label", async () => {
    const bikes = stock(["Honda CB500", "Vespa GTS"]);
    const { user, asked } = renderLabels(bikes);
    await screen.findByText("2 bikes");
    await user.type(screen.getByRole("searchbox", { name: "Search bikes" }), "ub-00002");
    expect(await screen.findByText("1 bike matches")).toBeInTheDocument();
    expect(asked.at(-1)).toContain("q=ub-00002");
    await user.click(screen.getByRole("checkbox", { name: /^Vespa GTS / }));
    const label = await screen.findByRole("article", { name: "Label of Vespa GTS" });
    expect(within(label).getByText("UB-00002")).toHaveClass("bike-label-number");
    // The id no person types is not printed.
    expect(label).not.toHaveTextContent(bikes[1]!._id);
  });
});
