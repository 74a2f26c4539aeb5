import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Transfer } from "@ultimate-bikes/contract/transfers";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInAccount } from "../../test/signed-in-account";
import { stubScreenWidth } from "../../test/screen-width";
import { TransferPage } from "./transfer-page";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

const ID = "3d2f8a1b-5c6d-4e7f-9a0b-1c2d3e4f5a6b";
const BIKE = "0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80";

const sentTransfer: Transfer = {
  id: ID,
  number: "T-000012",
  status: "sent",
  source: { id: "00000000-0000-4000-8000-000000000001", name: "Main warehouse" },
  destination: { id: "6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b", name: "Khulna showroom" },
  reference: null,
  lines: [
    {
      bikeId: BIKE,
      bikeName: "Honda CB500",
      stockNumber: "UB-00042",
      quantity: 3,
      received: null,
      shortfallReason: null,
      units: [],
    },
  ],
  units: 3,
  created: { by: "Ann", at: "2026-11-26T09:00:00.000Z" },
  sent: { by: "Ann", at: "2026-11-26T09:05:00.000Z" },
  received: null,
  cancelled: null,
};

const received = (arrived: number, reason: string | null): Transfer => ({
  ...sentTransfer,
  status: "received",
  lines: [{ ...sentTransfer.lines[0]!, received: arrived, shortfallReason: reason }],
  received: { by: "Jo", at: "2026-11-26T11:00:00.000Z" },
});

/**
 * The transfer's page, opened to receive (`?receive`, as Scan opens it), against an API whose
 * transfer is `stored` and whose receive answers `answer`. Returns the bodies received.
 */
function renderTransfer(
  answer: (body: unknown) => { status: number; body: unknown },
  { initial = sentTransfer, step = "receive" }: { initial?: Transfer; step?: string } = {},
) {
  let stored: Transfer = initial;
  const bodies: unknown[] = [];
  stubScreenWidth(1280);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/account") return Response.json(signedInAccount("staff"));
      if (url === `/api/transfers/${ID}/${step}`) {
        const body: unknown = init?.body === undefined ? null : JSON.parse(String(init.body));
        bodies.push(body);
        const reply = answer(body);
        if (reply.status === 200) stored = reply.body as Transfer;
        return Response.json(reply.body, { status: reply.status });
      }
      if (url === `/api/transfers/${ID}`) return Response.json(stored);
      return Response.json({ statusCode: 404, error: "Not Found", message: "?" }, { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/transfers/${ID}?receive`]}>
        <Routes>
          <Route path="/transfers/:id" element={<TransferPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    bodies,
    replaceStored: (transfer: Transfer) => (stored = transfer),
    user: userEvent.setup(),
  };
}

describe("A transfer's page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts each line at what was sent, and a shortfall needs its reason", async () => {
    const { bodies, user } = renderTransfer(() => ({
      status: 200,
      body: received(2, "One fell off the truck"),
    }));
    const heading = await screen.findByRole("heading", { name: "Receive at Khulna showroom" });
    // Opened from a scanned sheet: the form has the focus.
    expect(heading).toHaveFocus();
    const line = screen.getByRole("group", { name: "Honda CB500 · UB-00042" });
    const arrived = within(line).getByLabelText("Arrived");
    expect(arrived).toHaveValue(3);
    expect(within(line).queryByLabelText("Why fewer arrived")).not.toBeInTheDocument();

    await user.clear(arrived);
    await user.type(arrived, "2");
    const reason = within(line).getByLabelText("Why fewer arrived");
    await user.click(screen.getByRole("button", { name: "Receive" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Honda CB500 (line 1): say why fewer arrived.",
    );
    expect(bodies).toEqual([]);

    await user.type(reason, "One fell off the truck");
    await user.click(screen.getByRole("button", { name: "Receive" }));
    expect(await screen.findByText("One fell off the truck")).toBeVisible();
    expect(bodies).toEqual([
      { lines: [{ bikeId: BIKE, received: 2, reason: "One fell off the truck" }] },
    ]);
    expect(screen.getByRole("status")).toHaveTextContent("T-000012 is Received.");
    expect(screen.queryByRole("button", { name: "Receive" })).not.toBeInTheDocument();
  });

  it("checks a line's units off as they are scanned, and names those that arrived", async () => {
    const units = [
      {
        id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
        chassis: "ME1RM2810P0012345",
        status: "in_transit",
      },
      {
        id: "8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e",
        chassis: "ME1RM2810P0012346",
        status: "in_transit",
      },
    ] as const;
    const withUnits: Transfer = {
      ...sentTransfer,
      lines: [{ ...sentTransfer.lines[0]!, quantity: 2, units: [...units] }],
    };
    const { bodies, user } = renderTransfer(() => ({ status: 200, body: received(1, "Lost") }), {
      initial: withUnits,
    });
    const scanner = await screen.findByLabelText("Scan or type a chassis number");
    const line = screen.getByRole("group", { name: "Honda CB500 · UB-00042" });
    expect(within(line).getByText("Arrived: 0 of 2")).toBeVisible();
    // A USB scanner types the number (here with a dash and in small letters) and Enter.
    await user.type(scanner, "me1rm2810p-0012346{Enter}");
    expect(screen.getByText("ME1RM2810P0012346 checked off (Honda CB500).")).toBeVisible();
    expect(within(line).getByRole("checkbox", { name: "ME1RM2810P0012346" })).toBeChecked();
    expect(within(line).getByRole("checkbox", { name: "ME1RM2810P0012345" })).not.toBeChecked();
    await user.type(scanner, "ME1RM2810P0099999{Enter}");
    expect(screen.getByText("ME1RM2810P0099999 is not on T-000012.")).toBeVisible();

    await user.type(within(line).getByLabelText("Why fewer arrived"), "Lost");
    await user.click(screen.getByRole("button", { name: "Receive" }));
    await screen.findByText("Lost");
    expect(bodies).toEqual([
      { lines: [{ bikeId: BIKE, received: 1, reason: "Lost", unitIds: [units[1].id] }] },
    ]);
  });

  it("after someone else received it first, says so and shows it as it is now", async () => {
    let replaceStored: (transfer: Transfer) => void = () => {};
    const page = renderTransfer(() => {
      // A colleague's receive was committed just before this one.
      replaceStored(received(3, null));
      return {
        status: 409,
        body: { statusCode: 409, error: "Conflict", message: "T-000012 was received already." },
      };
    });
    replaceStored = page.replaceStored;
    await page.user.click(await screen.findByRole("button", { name: "Receive" }));
    const alert = await screen.findByText("T-000012 was received already.");
    expect(alert.closest("[role=alert]")).toHaveTextContent(
      "Someone else got there first: it is now Received, as shown here.",
    );
    expect(screen.getByRole("status")).toHaveTextContent("T-000012 is Received.");
    expect(page.bodies).toEqual([{ lines: [{ bikeId: BIKE, received: 3 }] }]);
  });

  it("cancels a draft only once the person confirms", async () => {
    const draft: Transfer = { ...sentTransfer, status: "draft", sent: null };
    const confirm = vi.fn(() => false);
    vi.stubGlobal("confirm", confirm);
    const { bodies, user } = renderTransfer(
      () => ({
        status: 200,
        body: { ...draft, status: "cancelled", cancelled: { by: "Jo", at: draft.created!.at } },
      }),
      { initial: draft, step: "cancel" },
    );
    expect(await screen.findByRole("button", { name: "Send" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: /^Receive/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel transfer" }));
    expect(confirm).toHaveBeenCalledWith(
      "Cancel T-000012? Nothing has moved; it cannot be sent after.",
    );
    expect(bodies).toEqual([]);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole("button", { name: "Cancel transfer" }));
    expect(await screen.findByText("T-000012 is Cancelled.")).toBeInTheDocument();
    expect(bodies).toEqual([null]);
    expect(screen.queryByRole("button", { name: "Send" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Print transfer sheet" })).not.toBeInTheDocument();
  });
});
