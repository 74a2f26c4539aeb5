import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { StockMovement } from "@ultimate-bikes/contract/bikes";
import { NO_SUCH_UNIT, type Unit } from "@ultimate-bikes/contract/units";
import { MemoryRouter, Route, Routes } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths";
import { signedInAccount } from "../../test/signed-in-account";
import { UnitPage } from "./unit-page";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

const UNIT_ID = "0b6a1f52-3c1e-4d8e-9f70-6a5b4c3d2e1f";
const BIKE_ID = "7d4f6c1e-8a2b-4c3d-9e0f-1a2b3c4d5e6f";
const KHULNA = { id: "5c0a8e47-1b2c-4d3e-8f90-a1b2c3d4e5f6", name: "Khulna showroom" };

const unit: Unit = {
  id: UNIT_ID,
  bikeId: BIKE_ID,
  bikeName: "Yamaha MT-07",
  chassis: "ME1RM2810P0012345",
  engine: "M401E0123456",
  colour: "Icon Blue",
  modelYear: 2024,
  status: "in_stock",
  placeId: KHULNA.id,
  place: KHULNA.name,
  transferId: null,
  arrivedAt: "2026-11-20T09:00:00.000Z",
  deliveredAt: null,
  notes: "",
  checkDigitMatches: false,
  hold: null,
};

const held: Unit = {
  ...unit,
  status: "held",
  hold: {
    id: "hold-1",
    customerName: "Rahim Uddin",
    customerPhone: "+880 1711 000000",
    reference: "DEP-77",
    expiresAt: "2026-12-01T12:00:00.000Z",
    madeBy: "Jo",
    madeById: "user-1",
    madeAt: "2026-11-25T10:00:00.000Z",
  },
};

const movement = (id: number, kind: StockMovement["kind"], reference: string | null) => ({
  id,
  kind,
  delta: kind === "import" ? 1 : 0,
  quantityAfter: 3,
  actorName: "Jo",
  at: "2026-11-20T09:00:00.000Z",
  reference,
  changes: null,
  place: KHULNA,
  placeDelta: kind === "import" ? 1 : 0,
  transfer: null,
});

/** The unit page for staff, against an API holding `shown` (none: a 404). */
function renderUnitPage(shown: Unit | undefined, holdAnswer: Unit = held) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      requests.push({ url, method, body: JSON.parse(String(init.body ?? "null")) });
      if (url === "/api/account") return Response.json(signedInAccount("staff"));
      if (method === "POST") return Response.json(holdAnswer);
      if (!shown) {
        return Response.json(
          { statusCode: 404, error: "Not Found", message: NO_SUCH_UNIT },
          { status: 404 },
        );
      }
      return Response.json({
        unit: shown,
        history: [movement(2, "hold", "DEP-77"), movement(1, "import", "PO-1042")],
      });
    }),
  );
  // As the app's own client: a 404 is not asked again.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/units/${UNIT_ID}`]}>
        <Routes>
          <Route path={paths.unit} element={<UnitPage />} />
        </Routes>
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { requests, user: userEvent.setup() };
}

/** The value a term of the unit's facts shows. */
const fact = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling!;

describe("the unit page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows where the unit is, its numbers, its hold, and its history in the ledger's words", async () => {
    renderUnitPage(held);
    expect(await screen.findByRole("link", { name: "Yamaha MT-07" })).toHaveAttribute(
      "href",
      `/inventory/${BIKE_ID}`,
    );
    expect(fact("Where")).toHaveTextContent("Khulna showroom");
    expect(fact("Status")).toHaveTextContent("Held");
    expect(fact("Chassis number")).toHaveTextContent(
      "ME1RM2810P0012345Its check digit (9th character) does not match; it was kept as typed.",
    );
    expect(fact("Engine number")).toHaveTextContent("M401E0123456");
    expect(fact("Model year")).toHaveTextContent("2024");
    expect(fact("Customer")).toHaveTextContent("Rahim Uddin");
    expect(fact("Phone")).toHaveTextContent("+880 1711 000000");
    expect(fact("Reference")).toHaveTextContent("DEP-77");
    expect(fact("Held by")).toHaveTextContent(/^Jo on /);
    const history = within(screen.getByRole("region", { name: "History" }));
    const rows = history.getAllByRole("row").slice(1) as HTMLTableRowElement[];
    expect(rows.map((row) => row.cells[2]!.textContent)).toEqual([
      "Held for a customer: DEP-77 at Khulna showroom (ref. DEP-77)",
      "Imported 1 at Khulna showroom (ref. PO-1042)",
    ]);
  });

  it("says there is no such unit", async () => {
    renderUnitPage(undefined);
    expect(await screen.findByText(`${NO_SUCH_UNIT}.`)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the inventory" })).toBeInTheDocument();
  });

  it("holds the unit for a customer until the moment picked", async () => {
    const { requests, user } = renderUnitPage(unit);
    await user.click(await screen.findByRole("button", { name: /Hold for a customer/ }));
    const form = within(screen.getByRole("form", { name: `Hold ${unit.chassis} for a customer` }));
    await user.type(form.getByRole("textbox", { name: "Customer name" }), "Rahim Uddin");
    await user.type(form.getByRole("textbox", { name: "Customer phone" }), "+880 1711 000000");
    await user.type(form.getByRole("textbox", { name: "Deposit receipt (optional)" }), "DEP-77");
    const until = form.getByLabelText("Hold until");
    await user.clear(until);
    await user.type(until, "2099-12-01T12:00");
    await user.click(form.getByRole("button", { name: "Hold" }));
    expect(await screen.findByText(`${unit.chassis} held for Rahim Uddin.`)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === "POST")).toEqual([
      {
        url: `/api/units/${UNIT_ID}/hold`,
        method: "POST",
        body: {
          customerName: "Rahim Uddin",
          customerPhone: "+880 1711 000000",
          reference: "DEP-77",
          expiresAt: new Date("2099-12-01T12:00").toISOString(),
        },
      },
    ]);
  });

  it("refuses a hold without the customer's phone, and sends nothing", async () => {
    const { requests, user } = renderUnitPage(unit);
    await user.click(await screen.findByRole("button", { name: /Hold for a customer/ }));
    await user.type(screen.getByRole("textbox", { name: "Customer name" }), "Rahim Uddin");
    await user.click(screen.getByRole("button", { name: "Hold" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please enter the customer's name and phone.",
    );
    expect(requests.some((request) => request.method === "POST")).toBe(false);
  });

  it("releases a held unit, and extends its hold", async () => {
    const { requests, user } = renderUnitPage(held, { ...unit });
    await user.click(await screen.findByRole("button", { name: `Release ${unit.chassis}` }));
    expect(await screen.findByText(`${unit.chassis} released.`)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: `Extend the hold on ${unit.chassis}` }));
    const until = screen.getByLabelText("Hold until");
    await user.clear(until);
    await user.type(until, "2099-12-04T12:00");
    await user.click(screen.getByRole("button", { name: "Extend the hold" }));
    expect(
      await screen.findByText(`The hold on ${unit.chassis} was extended.`),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === "POST")).toEqual([
      { url: `/api/units/${UNIT_ID}/release`, method: "POST", body: {} },
      {
        url: `/api/units/${UNIT_ID}/hold/extend`,
        method: "POST",
        body: { expiresAt: new Date("2099-12-04T12:00").toISOString() },
      },
    ]);
  });
});
