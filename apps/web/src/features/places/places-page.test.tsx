import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ApiError } from "@ultimate-bikes/contract/errors";
import type { Place } from "@ultimate-bikes/contract/places";
import type { Role } from "@ultimate-bikes/contract/roles";
import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { announceStockChange } from "../../lib/stock-change-signal";
import { stubScreenWidth } from "../../test/screen-width";
import { signedInAccount } from "../../test/signed-in-account";
import { PlacesPage } from "./places-page";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

const place = (name: string, overrides: Partial<Place> = {}): Place => ({
  id: crypto.randomUUID(),
  name,
  kind: "showroom",
  city: name.split(" ")[0] ?? "Dhaka",
  address: null,
  archivedAt: null,
  main: false,
  units: 0,
  ...overrides,
});

const MAIN = place("Main warehouse", {
  kind: "warehouse",
  city: "Dhaka",
  address: "Tejgaon Industrial Area, Dhaka 1208",
  main: true,
  units: 120,
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The page for someone of `role` on a screen `width` wide, against an API holding `places`.
 * `refuse` answers a write with that error instead. Returns what was sent.
 */
function renderPage({
  role = "admin",
  width = 1280,
  places = [MAIN],
  refuse,
}: {
  role?: Role;
  width?: number;
  places?: Place[];
  refuse?: ApiError;
}) {
  let stored = [...places];
  const sent: Sent[] = [];
  stubScreenWidth(width);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
      if (url === "/api/account") return Response.json(signedInAccount(role));
      if (url === "/api/places?archived=include") return Response.json(stored);
      if (refuse) return Response.json(refuse, { status: refuse.statusCode });
      if (method === "POST" && url === "/api/places") {
        const added = place(body.name, { ...body, address: body.address || null });
        stored = [...stored, added];
        return Response.json(added, { status: 201 });
      }
      const id = /^\/api\/places\/([^/]+)$/.exec(url)?.[1];
      if (method === "PATCH" && id) {
        const { archived, ...fields } = body as Partial<Place> & { archived?: boolean };
        stored = stored.map((each) =>
          each.id === id
            ? {
                ...each,
                ...fields,
                ...(archived === undefined
                  ? {}
                  : { archivedAt: archived ? "2026-11-26T10:00:00.000Z" : null }),
              }
            : each,
        );
        return Response.json(stored.find((each) => each.id === id));
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PlacesPage />
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
  const writes = () => sent.filter((request) => request.method !== "GET");
  /** What the server holds from now on, as another person's change leaves it. */
  const storeOnServer = (places: Place[]) => (stored = places);
  return { writes, storeOnServer, user: userEvent.setup() };
}

describe("Places", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each place with its kind, city, address, units and an archived badge", async () => {
    const closed = place("Sylhet showroom", {
      archivedAt: "2026-11-20T10:00:00.000Z",
      address: "Zindabazar",
    });
    renderPage({ places: [MAIN, place("Khulna showroom", { units: 7 }), closed] });
    const table = await screen.findByRole("table", { name: "Places" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "NameKindCityAddressUnitsChange",
      "Main warehouseDefaultWarehouseDhakaTejgaon Industrial Area, Dhaka 1208120Edit",
      "Khulna showroomShowroomKhulna—7EditArchive",
      "Sylhet showroomArchivedShowroomSylhetZindabazar0EditBring back",
    ]);
  });

  it("adds a place through the form, then reads the list again", async () => {
    const { user, writes } = renderPage({});
    await user.click(await screen.findByRole("button", { name: "Add place" }));
    expect(screen.getByRole("heading", { name: "Add a place" })).toHaveFocus();
    await user.type(screen.getByLabelText("Name"), "Bogura showroom");
    await user.type(screen.getByLabelText("City"), "Bogura");
    await user.click(screen.getByRole("button", { name: "Add place" }));

    expect(await screen.findByText("Bogura showroom is added.")).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: "POST",
        url: "/api/places",
        body: { name: "Bogura showroom", kind: "showroom", city: "Bogura", address: null },
      },
    ]);
    const table = screen.getByRole("table", { name: "Places" });
    expect(await within(table).findByText("Bogura showroom")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add place" })).toHaveFocus();
  });

  it("says what a new place lacks before sending it", async () => {
    const { user, writes } = renderPage({});
    await user.click(await screen.findByRole("button", { name: "Add place" }));
    await user.type(screen.getByLabelText("Name"), "   ");
    await user.click(screen.getByRole("button", { name: "Add place" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("City is required")).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("shows the server's refusal of a taken name on the Name field", async () => {
    const { user } = renderPage({
      refuse: {
        statusCode: 409,
        error: "Conflict",
        message: 'There is already a place named "main warehouse".',
        fields: [{ field: "body.name", message: "is taken by another place" }],
      },
    });
    await user.click(await screen.findByRole("button", { name: "Add place" }));
    await user.type(screen.getByLabelText("Name"), "main warehouse");
    await user.type(screen.getByLabelText("City"), "Dhaka");
    await user.click(screen.getByRole("button", { name: "Add place" }));
    expect(await screen.findByText("Name is taken by another place")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveFocus();
  });

  it("edits a place's name, kind, city and address", async () => {
    const khulna = place("Khulna showroom", { address: "KDA Avenue" });
    const { user, writes } = renderPage({ places: [MAIN, khulna] });
    await user.click(await screen.findByRole("button", { name: "Edit Khulna showroom" }));
    expect(screen.getByRole("heading", { name: "Edit Khulna showroom" })).toHaveFocus();
    const name = screen.getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Khulna depot");
    await user.selectOptions(screen.getByLabelText("Kind"), "Warehouse");
    await user.clear(screen.getByLabelText("Address (optional)"));
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText("Khulna depot is saved.")).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: "PATCH",
        url: `/api/places/${khulna.id}`,
        body: { name: "Khulna depot", kind: "warehouse", city: "Khulna", address: null },
      },
    ]);
  });

  it("archives a place and brings one back; the main warehouse has no Archive", async () => {
    const khulna = place("Khulna showroom");
    const sylhet = place("Sylhet showroom", { archivedAt: "2026-11-20T10:00:00.000Z" });
    const { user, writes } = renderPage({ places: [MAIN, khulna, sylhet] });
    await user.click(await screen.findByRole("button", { name: "Archive Khulna showroom" }));
    expect(await screen.findByText("Khulna showroom is archived.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Bring back Sylhet showroom" }));
    expect(await screen.findByText("Sylhet showroom is open again.")).toBeInTheDocument();
    expect(writes().map(({ url, body }) => ({ url, body }))).toEqual([
      { url: `/api/places/${khulna.id}`, body: { archived: true } },
      { url: `/api/places/${sylhet.id}`, body: { archived: false } },
    ]);
    expect(screen.queryByRole("button", { name: "Archive Main warehouse" })).toBeNull();
  });

  it("says why a place cannot be archived, in the server's words", async () => {
    const message =
      "Khulna showroom still holds 3 units. Move or deliver them before archiving it.";
    const { user } = renderPage({
      places: [MAIN, place("Khulna showroom", { units: 3 })],
      refuse: { statusCode: 409, error: "Conflict", message },
    });
    await user.click(await screen.findByRole("button", { name: "Archive Khulna showroom" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("shows staff the places to read, with no way to change them", async () => {
    renderPage({ role: "staff", places: [MAIN, place("Khulna showroom")] });
    expect(await screen.findByText("Khulna showroom")).toBeInTheDocument();
    expect(screen.getByText(/Only admins add, change or archive places/)).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows one card per place on a phone", async () => {
    renderPage({ width: 375, places: [MAIN, place("Khulna showroom", { units: 1 })] });
    const list = await screen.findByRole("list", { name: "Places" });
    const khulna = within(list).getByRole("article", { name: "Khulna showroom" });
    expect(khulna).toHaveTextContent("Showroom in Khulna: 1 unit");
    expect(within(khulna).getByRole("button", { name: "Archive Khulna showroom" })).toBeVisible();
  });

  it("reads the units again when the live stream says the stock changed", async () => {
    const khulna = place("Khulna showroom", { units: 2 });
    const { storeOnServer } = renderPage({ role: "staff", places: [MAIN, khulna] });
    const table = await screen.findByRole("table", { name: "Places" });
    const row = within(table).getByRole("row", { name: /Khulna showroom/ });
    expect(row).toHaveTextContent(/2$/);
    storeOnServer([MAIN, { ...khulna, units: 5 }]);
    announceStockChange({} as StockEvent);
    await waitFor(() => expect(row).toHaveTextContent(/5$/), { timeout: 3_000 });
  });

  it("says when there is no place at all", async () => {
    renderPage({ places: [] });
    expect(await screen.findByText("No places yet.")).toBeInTheDocument();
  });
});
