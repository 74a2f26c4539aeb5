import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ManageInventoryPage } from "./manage-inventory-page";
import { stockItem } from "../../test/stock-items";
import { stubScreenWidth } from "../../test/screen-width";
import { signedInAccount } from "../../test/signed-in-account";
import type { Account, Role } from "@ultimate-bikes/contract/roles";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

const bike = (name: string, quantity: number) => stockItem(name, quantity, { price: 18999 });

/**
 * The page on a screen `width` wide, signed in with `role`, against an API that lists two bikes
 * and deletes any. After a delete, the list waits for `answerList()`, so what the page shows until
 * then is its own doing.
 */
function renderManageInventory(
  width: number,
  role: Role = "staff",
  account: Partial<Account> = {},
) {
  let stock = [bike("Honda CB500", 12), bike("Honda Navi", 0)];
  let listAnswered = Promise.resolve();
  let answerList = () => {};
  stubScreenWidth(width);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/account") return Response.json({ ...signedInAccount(role), ...account });
      if (init?.method === "DELETE") {
        stock = stock.filter((listed) => !url.endsWith(listed._id));
        listAnswered = new Promise((resolve) => (answerList = resolve));
        return Response.json({ acknowledged: true, deletedCount: 1 });
      }
      await listAnswered;
      if (url.startsWith("/api/suppliers")) return Response.json([]);
      return Response.json({ items: stock, nextCursor: null, total: stock.length });
    }),
  );
  const router = createMemoryRouter(
    [{ path: "/manage-inventory", element: <ManageInventoryPage /> }],
    { initialEntries: ["/manage-inventory"] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup(), answerList: () => answerList() };
}

describe("Manage Inventory", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a table with supplier, status and last-change cells, sorted from its headings", async () => {
    const { router, user } = renderManageInventory(1280);
    const table = await screen.findByRole("table", { name: "Bikes" });
    const row = within(table).getByRole("row", { name: /Honda Navi/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "",
      "UB-00001",
      "Honda Imports",
      "$18,999.00",
      "0",
      "Out of stock",
      "22 Nov 2026, 10:00",
      "EditDelete",
    ]);
    expect(within(row).getByRole("link", { name: "Edit Honda Navi" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/inventory\/[\w-]+\/edit$/),
    );

    await user.click(within(table).getByRole("button", { name: "Quantity" }));
    expect(router.state.location.search).toBe("?sort=quantity");
    expect(screen.getByRole("columnheader", { name: /Quantity/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await user.click(within(table).getByRole("button", { name: /Quantity/ }));
    expect(router.state.location.search).toBe("?sort=-quantity");
  });

  it("drops a deleted bike at once, after asking", async () => {
    const { user, answerList } = renderManageInventory(1280);
    vi.stubGlobal(
      "confirm",
      vi.fn(() => true),
    );
    await user.click(await screen.findByRole("button", { name: "Delete Honda Navi" }));
    expect(window.confirm).toHaveBeenCalledWith("Are you sure to delete?");
    await vi.waitFor(() => expect(screen.queryByRole("row", { name: /Honda Navi/ })).toBeNull());
    expect(screen.getByRole("status")).toHaveTextContent("1 bike");

    answerList();
    expect(await screen.findByText("Item Deleted!")).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /Honda CB500/ })).toBeInTheDocument();
  });

  it("is a list of cards on a phone, each with its facts and Delete", async () => {
    renderManageInventory(375);
    const list = await screen.findByRole("list", { name: "Bikes" });
    expect(screen.queryByRole("table")).toBeNull();
    const card = within(list).getByRole("article", { name: "Honda Navi" });
    expect(within(card).getByText("Out of stock")).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Stock number", "Supplier", "Price", "Quantity", "Last change"]);
    expect(within(card).getByRole("button", { name: "Delete Honda Navi" })).toBeInTheDocument();
  });

  it("tells a member the warehouse's stock is staff's to delete, and offers My Items instead", async () => {
    renderManageInventory(1280, "member");
    expect(
      await screen.findByText(/Only warehouse staff can delete bikes from the warehouse/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "My Items" })).toHaveAttribute("href", "/my-item");
    expect(screen.queryByRole("table", { name: "Bikes" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("tells an invited staff member whose email is not confirmed yet how to start, not to ask an admin", async () => {
    renderManageInventory(1280, "member", { emailVerified: false, pendingRole: "staff" });
    expect(
      await screen.findByText("You are invited as Staff: confirm your email to start."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send the link again" })).toBeInTheDocument();
    expect(screen.queryByText(/Only warehouse staff/)).not.toBeInTheDocument();
  });
});
