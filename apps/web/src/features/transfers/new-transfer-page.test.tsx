import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Place } from "@ultimate-bikes/contract/places";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInAccount } from "../../test/signed-in-account";
import { stockItem } from "../../test/stock-items";
import { NewTransferPage } from "./new-transfer-page";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

const place = (id: string, name: string, main = false): Place => ({
  id,
  name,
  kind: main ? "warehouse" : "showroom",
  city: "Dhaka",
  address: null,
  archivedAt: null,
  main,
  units: 10,
});
const MAIN = place("00000000-0000-4000-8000-000000000001", "Main warehouse", true);
const KHULNA = place("6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b", "Khulna showroom");

function TransferStandIn() {
  return <h1>Transfer {useParams().id}</h1>;
}

/**
 * New transfer for staff, against an API with two places, one bike (5 at the main warehouse,
 * which a search at the main warehouse finds by "hon"),
 * and a POST /transfers that answers `answer` (a status and body). Returns what was posted.
 */
function renderNew(answer: (bikeId: string) => { status: number; body: unknown }) {
  const bike = { ...stockItem("Honda CB500", 5), stockNumber: "UB-00042" };
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/account") return Response.json(signedInAccount("staff"));
      if (url === "/api/places") return Response.json([MAIN, KHULNA]);
      if (url === `/api/stock?q=hon&place=${MAIN.id}&limit=8`) {
        return Response.json({
          items: [{ ...bike, placeQuantity: 5 }],
          nextCursor: null,
          total: 1,
        });
      }
      if (url === `/api/bikes/${bike._id}`) return Response.json(bike);
      if (url === "/api/transfers" && init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        const { status, body } = answer(bike._id);
        return Response.json(body, { status });
      }
      return Response.json({ statusCode: 404, error: "Not Found", message: "?" }, { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={["/transfers/new"]}>
        <Routes>
          <Route path="/transfers/new" element={<NewTransferPage />} />
          <Route path="/transfers/:id" element={<TransferStandIn />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { bike, posted, user: userEvent.setup() };
}

const transferAnswer = (id: string, bikeId: string) => ({
  id,
  number: "T-000007",
  status: "sent",
  source: { id: MAIN.id, name: MAIN.name },
  destination: { id: KHULNA.id, name: KHULNA.name },
  reference: "Truck 4",
  lines: [
    {
      bikeId,
      bikeName: "Honda CB500",
      stockNumber: "UB-00042",
      quantity: 3,
      received: null,
      shortfallReason: null,
      units: [],
    },
  ],
  units: 3,
  created: { by: "Jo", at: "2026-11-26T10:00:00.000Z" },
  sent: { by: "Jo", at: "2026-11-26T10:00:00.000Z" },
  received: null,
  cancelled: null,
});

describe("New transfer", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("picks a bike as its name is typed, says how many the source has, and sends at once", async () => {
    const id = crypto.randomUUID();
    const { bike, posted, user } = renderNew((bikeId) => ({
      status: 201,
      body: transferAnswer(id, bikeId),
    }));
    // From starts at the person's default place: the main warehouse (no home place).
    expect(await screen.findByLabelText("From")).toHaveDisplayValue("Main warehouse");
    await user.selectOptions(screen.getByLabelText("To"), "Khulna showroom");
    await user.type(screen.getByLabelText("Reference (optional)"), "Truck 4");
    const line = screen.getByRole("group", { name: "Line 1" });
    await user.type(within(line).getByLabelText("Bike"), "hon");
    await user.click(
      await within(line).findByRole("button", {
        name: "Honda CB500 · UB-00042 · 5 at Main warehouse",
      }),
    );
    expect(await within(line).findByText("5 at Main warehouse.")).toBeVisible();
    await user.clear(within(line).getByLabelText("Quantity"));
    await user.type(within(line).getByLabelText("Quantity"), "3");
    await user.click(screen.getByRole("button", { name: "Send now" }));

    expect(await screen.findByRole("heading", { name: `Transfer ${id}` })).toBeVisible();
    expect(posted).toEqual([
      {
        sourcePlaceId: MAIN.id,
        destinationPlaceId: KHULNA.id,
        reference: "Truck 4",
        lines: [{ bikeId: bike._id, quantity: 3 }],
        send: true,
      },
    ]);
  });

  it("says what is missing before sending, and shows a short send's refusal naming the line", async () => {
    const { posted, user } = renderNew(() => ({
      status: 409,
      body: {
        statusCode: 409,
        error: "Conflict",
        message: "Not enough to send: Honda CB500 (UB-00042): 9 asked, 5 at Main warehouse",
      },
    }));
    await user.click(await screen.findByRole("button", { name: "Save draft" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Choose where the units leave from and where they go.",
    );
    await user.selectOptions(screen.getByLabelText("To"), "Khulna showroom");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Line 1: choose a bike, or remove the line.",
    );
    expect(posted).toEqual([]);

    const line = screen.getByRole("group", { name: "Line 1" });
    await user.type(within(line).getByLabelText("Bike"), "hon");
    await user.click(await within(line).findByRole("button", { name: /^Honda CB500/ }));
    await user.clear(within(line).getByLabelText("Quantity"));
    await user.type(within(line).getByLabelText("Quantity"), "9");
    expect(await within(line).findByText(/Sending needs them all there/)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Send now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Not enough to send: Honda CB500 (UB-00042): 9 asked, 5 at Main warehouse",
    );
    expect(posted).toHaveLength(1);
  });
});
