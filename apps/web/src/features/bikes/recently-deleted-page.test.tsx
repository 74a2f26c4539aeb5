import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { DeletedBike } from "@ultimate-bikes/contract/deleted-bikes";
import type { Role } from "@ultimate-bikes/contract/roles";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RecentlyDeletedPage } from "./recently-deleted-page";
import { stubScreenWidth } from "../../test/screen-width";
import { signedInAccount } from "../../test/signed-in-account";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

const deletedBike = (name: string, quantity: number): DeletedBike => ({
  _id: crypto.randomUUID(),
  name,
  photo: "/images/bikes/vespa-gts-300.svg",
  des: `The ${name}.`,
  price: 1000,
  quantity,
  supplierName: "Honda Imports",
  reorderPoint: 3,
  stockNumber: "UB-00007",
  inTransit: 0,
  tracksUnits: false,
  held: 0,
  deletedAt: "2026-11-22T10:00:00.000Z",
  deletedBy: "Staff Jo",
  purgeAt: "2026-12-22T10:00:00.000Z",
});

/**
 * The page for someone of `role` on a screen `width` wide, against an API holding `deleted` in
 * Recently deleted and restoring any of them. Returns the paths it was asked for.
 */
function renderPage({
  role,
  width = 1280,
  deleted = [],
}: {
  role: Role;
  width?: number;
  deleted?: DeletedBike[];
}) {
  let bin = [...deleted];
  const asked: string[] = [];
  stubScreenWidth(width);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      asked.push(`${init?.method ?? "GET"} ${url}`);
      if (url === "/api/account") return Response.json(signedInAccount(role));
      const restoring = /^\/api\/deleted-bikes\/([^/]+)\/restore$/.exec(url)?.[1];
      if (restoring) {
        const bike = bin.find((candidate) => candidate._id === restoring)!;
        bin = bin.filter((candidate) => candidate !== bike);
        // Restored as a bike answers: its units back at the place they were.
        return Response.json({ ...bike, stock: [] });
      }
      return Response.json({ items: bin, retentionDays: 30 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RecentlyDeletedPage />
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { asked, user: userEvent.setup() };
}

describe("Recently deleted", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows staff each deleted bike with who deleted it and when it goes, and restores it", async () => {
    const deleted = [deletedBike("Honda CB500", 12), deletedBike("Honda Navi", 0)];
    const { user } = renderPage({ role: "staff", deleted });
    const table = await screen.findByRole("table", { name: "Deleted bikes" });
    const row = within(table).getByRole("row", { name: /Honda CB500/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Honda Imports", "12", "22 Nov 2026, 10:00 by Staff Jo", "22 Dec 2026", "Restore"]);
    // The name leads to what happened to the bike: the ledger, filtered to it.
    const [cb500] = deleted;
    expect(within(row).getByRole("link", { name: "Honda CB500" })).toHaveAttribute(
      "href",
      `/movements?bike=${cb500!._id}`,
    );
    expect(screen.getByText(/restored with its quantity and history for 30 days/)).toBeVisible();

    await user.click(within(row).getByRole("button", { name: "Restore Honda CB500" }));
    expect(await screen.findByText("Restored Honda CB500.")).toBeInTheDocument();
    expect(within(table).queryByRole("row", { name: /Honda CB500/ })).toBeNull();
    expect(within(table).getByRole("row", { name: /Honda Navi/ })).toBeInTheDocument();
  });

  it("is a list of cards on a phone, and says when nothing is left", async () => {
    const { user } = renderPage({
      role: "admin",
      width: 375,
      deleted: [deletedBike("Honda Navi", 0)],
    });
    const list = await screen.findByRole("list", { name: "Deleted bikes" });
    expect(screen.queryByRole("table")).toBeNull();
    const card = within(list).getByRole("article", { name: "Honda Navi" });
    expect(
      within(card)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Supplier", "Quantity", "Deleted", "Purged on"]);
    expect(within(card).getByRole("link", { name: "Honda Navi" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/movements\?bike=/),
    );

    await user.click(within(card).getByRole("button", { name: "Restore Honda Navi" }));
    expect(await screen.findByText("Nothing was deleted in the last 30 days.")).toBeVisible();
  });

  it("tells a member why they cannot restore here, without asking for the list", async () => {
    const { asked } = renderPage({ role: "member", deleted: [deletedBike("Honda Navi", 0)] });
    expect(await screen.findByText(/Only warehouse staff can see and restore/)).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
    expect(asked).toEqual(["GET /api/account"]);
  });
});
