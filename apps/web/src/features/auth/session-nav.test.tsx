import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Role } from "@ultimate-bikes/contract/roles";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInAccount } from "../../test/signed-in-account";
import { SessionNav, type SessionLink } from "./session-nav";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

/** The screens' links as the navigation bar passes them (site-header.tsx, from the list). */
const links: SessionLink[] = [
  { to: "/dashboard", label: "Dashboard", audience: "signed-in" },
  {
    to: "/manage-inventory",
    label: "Manage Inventory",
    audience: "stock-changers",
    group: "stock",
  },
  { to: "/scan", label: "Scan", audience: "signed-in" },
  { to: "/add-new", label: "Add new item", audience: "signed-in" },
  { to: "/my-item", label: "My item", audience: "signed-in" },
  { to: "/people", label: "People", audience: "people-managers" },
  { to: "/labels", label: "Labels", audience: "stock-changers", group: "stock" },
  { to: "/movements", label: "Ledger", audience: "stock-changers", group: "stock" },
];

function renderNav(role: Role, at = "/") {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json(signedInAccount(role))),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <nav aria-label="Main">
          <SessionNav links={links} />
        </nav>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** The bar's top level: its links and buttons, in order, as a person tabbing through meets them. */
const topLevel = () =>
  [...screen.getByRole("navigation").querySelectorAll("a, button")]
    .filter((element) => !element.closest("ul"))
    .map((element) => element.textContent);

describe("SessionNav", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gathers the stock screens in one Stock menu where the first of them stood", async () => {
    const user = renderNav("admin");
    const stock = await screen.findByRole("button", { name: "Stock" });
    expect(topLevel()).toEqual([
      "Dashboard",
      "Stock",
      "Scan",
      "Add new item",
      "My item",
      "People",
      "jo@example.com",
      "Logout",
    ]);
    expect(stock).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: "Ledger" })).not.toBeInTheDocument();

    await user.click(stock);
    expect(stock).toHaveAttribute("aria-expanded", "true");
    const menu = document.getElementById(stock.getAttribute("aria-controls")!)!;
    expect(
      within(menu)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Manage Inventory", "Labels", "Ledger"]);
    // Choosing a screen closes the menu.
    await user.click(within(menu).getByRole("link", { name: "Ledger" }));
    expect(stock).toHaveAttribute("aria-expanded", "false");
  });

  it("opens and leaves the menu by keyboard, and gives the focus back to its button", async () => {
    const user = renderNav("staff");
    const stock = await screen.findByRole("button", { name: "Stock" });
    stock.focus();
    await user.keyboard("{ArrowDown}");
    expect(stock).toHaveAttribute("aria-expanded", "true");
    await vi.waitFor(() =>
      expect(screen.getByRole("link", { name: "Manage Inventory" })).toHaveFocus(),
    );
    await user.keyboard("{ArrowUp}");
    await vi.waitFor(() => expect(screen.getByRole("link", { name: "Ledger" })).toHaveFocus());
    await user.keyboard("{Escape}");
    expect(stock).toHaveAttribute("aria-expanded", "false");
    expect(stock).toHaveFocus();
  });

  it("marks the menu active on one of its screens", async () => {
    renderNav("staff", "/movements");
    expect(await screen.findByRole("button", { name: "Stock" })).toHaveClass("active");
  });

  it("gives a member Scan and their own screens, and no Stock menu", async () => {
    renderNav("member");
    await screen.findByRole("link", { name: "Scan" });
    // The account's role arrives with its answer: wait until the links settle.
    await vi.waitFor(() =>
      expect(topLevel()).toEqual([
        "Dashboard",
        "Scan",
        "Add new item",
        "My item",
        "jo@example.com",
        "Logout",
      ]),
    );
  });
});
