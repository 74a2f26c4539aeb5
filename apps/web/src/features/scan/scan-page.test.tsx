import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation, useParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScanPage } from "./scan-page";
import { stockItem } from "../../test/stock-items";
import { testUnit } from "../../test/units";

function BikePageStandIn() {
  return <h1>Bike {useParams().id}</h1>;
}

function TransferPageStandIn() {
  return (
    <h1>
      Transfer {useParams().id}
      {useLocation().search}
    </h1>
  );
}

function UnitPageStandIn() {
  return <h1>Unit {useParams().id}</h1>;
}

const TRANSFER_ID = "3d2f8a1b-5c6d-4e7f-9a0b-1c2d3e4f5a6b";
const UNIT_ID = "6f1d0c9e-33b1-4c55-9d43-7b8f0e2a1c10";
const CHASSIS = "ME1RM2810P0012345";

/**
 * Scan, with no camera (jsdom has none), against an API that knows one bike and one transfer
 * (T-000012) by their numbers.
 */
function renderScan() {
  const bike = { ...stockItem("Honda CB500", 3), stockNumber: "UB-00042" };
  const transfer = {
    id: TRANSFER_ID,
    number: "T-000012",
    status: "sent",
    source: { id: crypto.randomUUID(), name: "Main warehouse" },
    destination: { id: crypto.randomUUID(), name: "Khulna showroom" },
    reference: null,
    lines: [],
    units: 3,
    created: { by: "Ann", at: "2026-11-26T09:00:00.000Z" },
    sent: { by: "Ann", at: "2026-11-26T09:05:00.000Z" },
    received: null,
    cancelled: null,
  };
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === "/api/bikes/by-stock-number/UB-00042") return Response.json(bike);
      if (url === "/api/transfers/by-number/T-000012") return Response.json(transfer);
      if (url.startsWith("/api/units?chassis=")) {
        const known = url === `/api/units?chassis=${CHASSIS}`;
        return Response.json(known ? [testUnit({ id: UNIT_ID, chassis: CHASSIS })] : []);
      }
      return Response.json(
        { statusCode: 404, error: "Not Found", message: "No bike with that id" },
        { status: 404 },
      );
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={["/scan"]}>
        <Routes>
          <Route path="/scan" element={<ScanPage />} />
          <Route path="/inventory/:id" element={<BikePageStandIn />} />
          <Route path="/transfers/:id" element={<TransferPageStandIn />} />
          <Route path="/units/:id" element={<UnitPageStandIn />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { bike, asked, user: userEvent.setup() };
}

const field = () => screen.getByLabelText(/^Or type its stock number/);

describe("Scan's typed fallback", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens the bike whose stock number is typed, in any case", async () => {
    const { bike, asked, user } = renderScan();
    await user.type(field(), " ub-00042 ");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByRole("heading", { name: `Bike ${bike._id}` })).toBeInTheDocument();
    expect(asked).toEqual(["/api/bikes/by-stock-number/UB-00042"]);
  });

  it("says when no bike has the number, and when the text is no number at all", async () => {
    const { asked, user } = renderScan();
    await user.type(field(), "UB-7");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByText("No bike has the stock number UB-00007.")).toBeVisible();
    expect(field()).toHaveAccessibleDescription("No bike has the stock number UB-00007.");
    await user.clear(field());
    await user.type(field(), "42");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(
      await screen.findByText(
        "That is not a stock number, a transfer number, a chassis number, a bike id or the address of one of our pages.",
      ),
    ).toBeVisible();
    expect(asked).toHaveLength(1);
  });

  it("opens a transfer, ready to receive, by its typed number or its page's address", async () => {
    const { asked, user } = renderScan();
    await user.type(field(), "t-12");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(
      await screen.findByRole("heading", { name: `Transfer ${TRANSFER_ID}?receive` }),
    ).toBeInTheDocument();
    expect(asked).toEqual(["/api/transfers/by-number/T-000012"]);
  });

  it("says when no transfer has the typed number", async () => {
    const { user } = renderScan();
    await user.type(field(), "T-000099");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByText("No transfer has the number T-000099.")).toBeVisible();
  });
});

describe("Scan opens a unit by its chassis number", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("typed as it is printed, in groups and any case", async () => {
    const { asked, user } = renderScan();
    await user.type(field(), "me1 rm281 0p0012345");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByRole("heading", { name: `Unit ${UNIT_ID}` })).toBeInTheDocument();
    expect(asked).toEqual([`/api/units?chassis=${CHASSIS}`]);
  });

  it("says when no unit has the chassis number", async () => {
    const { user } = renderScan();
    await user.type(field(), "ME1RM2810P0099999");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(
      await screen.findByText("No unit has the chassis number ME1RM2810P0099999."),
    ).toBeVisible();
    expect(field()).toHaveAccessibleDescription(
      "No unit has the chassis number ME1RM2810P0099999.",
    );
  });

  it("from a USB scanner typing into the page, wherever the focus is", async () => {
    const { asked } = renderScan();
    // A scanner's burst: no pause between its keys, Shift before each capital, then Enter.
    const scanner = userEvent.setup({ delay: null });
    await scanner.keyboard(
      `${[...CHASSIS].map((key) => (/[A-Z]/.test(key) ? `{Shift>}${key}{/Shift}` : key)).join("")}{Enter}`,
    );
    expect(await screen.findByRole("heading", { name: `Unit ${UNIT_ID}` })).toBeInTheDocument();
    expect(asked).toEqual([`/api/units?chassis=${CHASSIS}`]);
  });

  it("leaves keys typed into the field to its form", async () => {
    const { asked } = renderScan();
    const scanner = userEvent.setup({ delay: null });
    await scanner.type(field(), `${CHASSIS}`);
    expect(field()).toHaveValue(CHASSIS);
    await scanner.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: `Unit ${UNIT_ID}` })).toBeInTheDocument();
    // Once, by the form: the page's scanner listener let the field's keys be.
    expect(asked).toEqual([`/api/units?chassis=${CHASSIS}`]);
  });
});
