import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { LedgerEntry } from "@ultimate-bikes/contract/ledger";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LedgerPage } from "./ledger-page";
import { stubScreenWidth } from "../../test/screen-width";
import { signedInAccount } from "../../test/signed-in-account";
import { stockItem } from "../../test/stock-items";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

const cb500 = { ...stockItem("Honda CB500", 4), stockNumber: "UB-00042" };
const navi = { ...stockItem("Honda Navi", 2), stockNumber: "UB-00043" };

const entry = (bike: typeof cb500, id: number): LedgerEntry => ({
  id,
  kind: "create",
  delta: bike.quantity,
  quantityAfter: bike.quantity,
  actorName: "Jo",
  at: "2026-11-22T10:00:00.000Z",
  reference: null,
  changes: null,
  place: null,
  placeDelta: null,
  transfer: null,
  bikeId: bike._id,
  bikeName: bike.name,
});

function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{search}</output>;
}

/** The ledger for staff, against an API whose search suggests both Hondas for "hon". */
function renderLedger() {
  const asked: string[] = [];
  stubScreenWidth(1280);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === "/api/account") return Response.json(signedInAccount("staff"));
      if (url === "/api/movements/people") return Response.json([]);
      if (url.startsWith("/api/places")) return Response.json([]);
      const query = new URL(url, "http://localhost").searchParams;
      if (url.startsWith("/api/stock?")) {
        const words = query.get("q")!.toLowerCase();
        const items = [cb500, navi].filter((bike) => bike.name.toLowerCase().includes(words));
        return Response.json({ items, nextCursor: null, total: items.length });
      }
      const bike = query.get("bike");
      const entries = [entry(navi, 2), entry(cb500, 1)].filter(
        (movement) => !bike || bike === (movement.bikeId === cb500._id ? "UB-00042" : "UB-00043"),
      );
      return Response.json({ items: entries, nextCursor: null });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={["/movements"]}>
        <LedgerPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { asked, user: userEvent.setup() };
}

const rows = () => within(screen.getByRole("table", { name: "Movements" })).getAllByRole("row");

describe("the ledger's bike filter", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("suggests bikes as a name is typed, and filters by the one picked, with the keyboard", async () => {
    const { user, asked } = renderLedger();
    await screen.findByRole("table", { name: "Movements" });
    expect(rows()).toHaveLength(3);
    const bike = screen.getByRole("combobox", { name: "Bike" });
    await user.type(bike, "hon");
    const options = within(await screen.findByRole("listbox", { name: "Bikes" })).getAllByRole(
      "option",
    );
    expect(options.map((option) => option.textContent)).toEqual([
      "Honda CB500 UB-00042 · Honda Imports",
      "Honda Navi UB-00043 · Honda Imports",
    ]);
    expect(bike).toHaveAttribute("aria-expanded", "true");
    // The text typed so far filters nothing: only a pick, Enter or leaving the field does.
    expect(asked.some((url) => url.includes("bike="))).toBe(false);

    await user.keyboard("{ArrowDown}");
    expect(bike).toHaveAttribute("aria-activedescendant", options[0]!.id);
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    expect(await screen.findByLabelText("Address")).toHaveTextContent("?bike=UB-00042");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.getByRole("combobox", { name: "Bike" })).toHaveValue("UB-00042");
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toHaveTextContent("Honda CB500");
  });

  it("picks a suggestion by click, and takes typed text as it is on Enter", async () => {
    const { user, asked } = renderLedger();
    await screen.findByRole("table", { name: "Movements" });
    await user.type(screen.getByRole("combobox", { name: "Bike" }), "navi");
    const suggestions = await screen.findByRole("listbox", { name: "Bikes" });
    await user.click(within(suggestions).getByRole("option", { name: /Honda Navi/ }));
    expect(await screen.findByLabelText("Address")).toHaveTextContent("?bike=UB-00043");

    const bike = screen.getByRole("combobox", { name: "Bike" });
    await user.clear(bike);
    await user.type(bike, "zz");
    expect(
      await screen.findByText("No bike's name, supplier or stock number starts with that."),
    ).toBeVisible();
    expect(bike).toHaveAttribute("aria-expanded", "false");
    await user.clear(bike);
    await user.type(bike, "Honda CB500{Enter}");
    expect(await screen.findByLabelText("Address")).toHaveTextContent("?bike=Honda+CB500");
    expect(asked.at(-1)).toBe("/api/movements?bike=Honda+CB500");
  });
});

describe("the ledger's places", () => {
  afterEach(() => vi.unstubAllGlobals());

  const warehouse = { id: "00000000-0000-4000-8000-000000000001", name: "Main warehouse" };
  const khulna = { id: "5b0c0e7a-4f4e-4b8e-9f8e-2a4d5c6b7a81", name: "Khulna showroom" };
  const place = (ref: typeof warehouse, archived: boolean) => ({
    ...ref,
    kind: "showroom",
    city: "Khulna",
    address: null,
    archivedAt: archived ? "2026-11-20T10:00:00.000Z" : null,
    main: ref === warehouse,
    units: 0,
  });
  const transfer = { id: "7c0c0e7a-4f4e-4b8e-9f8e-2a4d5c6b7a82", number: "T-000001" };
  const steps: LedgerEntry[] = [
    {
      ...entry(cb500, 3),
      kind: "shortfall",
      delta: -1,
      reference: "Dented in the truck",
      transfer,
    },
    { ...entry(cb500, 2), kind: "receive", delta: 0, place: khulna, placeDelta: 2, transfer },
    { ...entry(cb500, 1), kind: "send", delta: 0, place: warehouse, placeDelta: -3, transfer },
  ];

  /** The ledger at `width` px, against an API that filters the steps by place. */
  function renderSteps(width: number) {
    const asked: string[] = [];
    stubScreenWidth(width);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url === "/api/account") return Response.json(signedInAccount("staff"));
        if (url === "/api/movements/people") return Response.json([]);
        if (url === "/api/places?archived=include") {
          return Response.json([place(warehouse, false), place(khulna, true)]);
        }
        const at = new URL(url, "http://localhost").searchParams.get("place");
        const items = steps.filter((step) => !at || step.place?.id === at);
        return Response.json({ items, nextCursor: null });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={["/movements"]}>
          <LedgerPage />
          <Address />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return { asked, user: userEvent.setup() };
  }

  it("says a transfer's steps as sentences, with the place and the transfer's number", async () => {
    renderSteps(1280);
    await screen.findByRole("table", { name: "Movements" });
    const texts = rows()
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(3, 5)
          .map((cell) => cell.textContent),
      );
    expect(texts).toEqual([
      ["", "Short on arrival: 1 did not arrive (T-000001)"],
      ["Khulna showroom", "Received 2 at Khulna showroom (T-000001)"],
      ["Main warehouse", "Sent 3 from Main warehouse (T-000001)"],
    ]);
    expect(within(rows()[3]!).getByRole("link", { name: "T-000001" })).toHaveAttribute(
      "href",
      `/transfers/${transfer.id}`,
    );
  });

  it("filters by place, archived ones too, kept in the address", async () => {
    const { user, asked } = renderSteps(1280);
    await screen.findByRole("table", { name: "Movements" });
    const select = screen.getByRole("combobox", { name: "Place" });
    await screen.findByRole("option", { name: "Khulna showroom (archived)" });
    await user.selectOptions(select, "Khulna showroom (archived)");
    expect(await screen.findByLabelText("Address")).toHaveTextContent(`?place=${khulna.id}`);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(asked.at(-1)).toBe(`/api/movements?place=${khulna.id}`);
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `/api/movements.csv?place=${khulna.id}`,
    );
  });

  it("shows the place on a phone's cards too", async () => {
    renderSteps(375);
    const cards = await screen.findAllByRole("heading", { name: "Honda CB500" });
    expect(cards).toHaveLength(3);
    const sent = screen.getByText("Sent 3 from Main warehouse", { exact: false }).closest("dl")!;
    expect(within(sent).getByText("Place").nextElementSibling).toHaveTextContent("Main warehouse");
  });
});
