import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ImportPreview } from "@ultimate-bikes/contract/stock-csv";
import type { UnitImportPreview } from "@ultimate-bikes/contract/unit-csv";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StockCsvPage } from "./stock-csv-page";
import { signedInAccount } from "../../test/signed-in-account";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

/** A file's plan: one bike to add, and a row whose quantity would lower the stock. */
const preview: ImportPreview = {
  rows: [
    { line: 2, action: "create", id: null, name: "Honda CB500F", changes: [], unitsIn: 4 },
    {
      line: 3,
      action: "error",
      id: crypto.randomUUID(),
      name: "Vespa GTS",
      changes: [],
      unitsIn: 0,
    },
  ],
  problems: [
    {
      line: 3,
      column: "quantity",
      message: "is below the 10 in stock: units leave only by deliveries",
    },
  ],
  summary: { create: 1, update: 0, unchanged: 0, error: 1 },
};

/** A units file's plan: one unit corrected, one whose check digit needs confirming. */
const unitsPreview: UnitImportPreview = {
  rows: [
    {
      line: 2,
      action: "update",
      chassis: "ME1RM2810P0012345",
      bikeName: "Yamaha MT-07",
      changes: [{ field: "colour", from: "Racing Blue", to: "Matte Black" }],
    },
    {
      line: 3,
      action: "error",
      chassis: "ME1RM2811P0012346",
      bikeName: "Yamaha MT-07",
      changes: [],
    },
  ],
  problems: [
    {
      line: 3,
      column: "chassis",
      message: "has a check digit that does not match: confirm to keep it as written",
    },
  ],
  summary: { create: 0, update: 1, unchanged: 0, error: 1 },
};
const unitsConfirmed: UnitImportPreview = {
  rows: [unitsPreview.rows[0]!, { ...unitsPreview.rows[1]!, action: "create" }],
  problems: [],
  summary: { create: 1, update: 1, unchanged: 0, error: 0 },
};

/** CSV for staff, opened at `path`, against an API that previews every file as `preview`. */
function renderPage(path = "/stock-csv") {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === "/api/account") return Response.json(signedInAccount("staff"));
      if (url === "/api/stock/import-preview") return Response.json(preview);
      if (url.startsWith("/api/units/import-preview")) {
        const confirmed = url.endsWith("checkDigitsConfirmed=true");
        return Response.json(confirmed ? unitsConfirmed : unitsPreview);
      }
      return new Response(null, { status: 404 });
    }),
  );
  const router = createMemoryRouter([{ path: "/stock-csv", element: <StockCsvPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const exportLink = () => screen.getByRole("link", { name: "Download the stock as CSV" });
const exportQuery = () =>
  Object.fromEntries(new URL(exportLink().getAttribute("href")!, "http://localhost").searchParams);

describe("CSV import and export", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks a row with a problem Error in the preview, never No change", async () => {
    const { user } = renderPage();
    const file = new File(["name\nx\n"], "stock.csv", { type: "text/csv" });
    await user.upload(await screen.findByLabelText("CSV file"), file);
    const plan = await screen.findByRole("table", { name: "What each row will do" });
    const actions = within(plan)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[1]!.textContent);
    expect(actions).toEqual(["Add", "Error"]);
    expect(within(plan).getByRole("row", { name: /Vespa GTS/ })).toHaveClass("table-danger");
    expect(screen.getByRole("alert")).toHaveTextContent("stock.csv has 1 problem");
    expect(screen.queryByRole("button", { name: /^Import/ })).toBeNull();
  });

  it("offers a template to download", async () => {
    renderPage();
    expect(await screen.findByRole("link", { name: "Download a template" })).toHaveAttribute(
      "href",
      "/api/stock/template.csv",
    );
  });

  it("exports the search and filters it was opened with, and the ones chosen here", async () => {
    const { router, user } = renderPage("/stock-csv?q=honda+cb&status=low");
    expect(await screen.findByRole("searchbox", { name: "Search" })).toHaveValue("honda cb");
    expect(exportQuery()).toEqual({ columns: expect.any(String), q: "honda cb", status: "low" });
    expect(exportLink()).toHaveAccessibleDescription(/only the bikes this search/);

    await user.selectOptions(screen.getByRole("combobox", { name: "Stock level" }), "Out of stock");
    await user.type(screen.getByRole("textbox", { name: "Supplier (its exact name)" }), "Acme");
    expect(exportQuery()).toMatchObject({ q: "honda cb", status: "out", supplier: "Acme" });
    expect(router.state.location.search).toBe("?q=honda+cb&supplier=Acme&status=out");

    await user.clear(screen.getByRole("searchbox", { name: "Search" }));
    await user.clear(screen.getByRole("textbox", { name: "Supplier (its exact name)" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Stock level" }), "Any");
    expect(Object.keys(exportQuery())).toEqual(["columns"]);
    expect(exportLink()).toHaveAccessibleDescription("The file holds every bike in the stock.");
  });

  it("previews a units file row by row, and a confirmed check digit lets it arrive", async () => {
    const { user } = renderPage();
    const file = new File(["chassis\nx\n"], "units.csv", { type: "text/csv" });
    await user.upload(await screen.findByLabelText("Units CSV file"), file);
    const plan = await screen.findByRole("table", {
      name: "What each row of the units file will do",
    });
    expect(within(plan).getByRole("row", { name: /ME1RM2810P0012345/ })).toHaveTextContent(
      "colour: Racing Blue → Matte Black",
    );
    expect(screen.getByRole("alert")).toHaveTextContent("units.csv has 1 problem");

    await user.click(
      screen.getByRole("checkbox", { name: /Keep chassis numbers whose check digit/ }),
    );
    expect(
      await screen.findByText("units.csv: 1 to arrive, 1 to update, 0 unchanged."),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "Import 2 unit changes" })).toBeEnabled();
  });
});
