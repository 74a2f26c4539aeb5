import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Bike } from "@ultimate-bikes/contract/bikes";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StockActions } from "./stock-actions";

const bike: Bike = {
  _id: "7d4f6c1e-8a2b-4c3d-9e0f-1a2b3c4d5e6f",
  name: "Test Bike",
  photo: "/images/bikes/vespa-gts-300.svg",
  des: "A bike.",
  price: 100,
  quantity: 2,
  supplierName: "Supplier",
  reorderPoint: 3,
};

function renderStockActions() {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body: unknown = JSON.parse(String(init.body ?? "null"));
      requests.push({ url, body });
      const quantity = bike.quantity + (body as { amount: number }).amount;
      return new Response(JSON.stringify({ ...bike, quantity }), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StockActions bike={bike} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { requests, user: userEvent.setup() };
}

// The browser's fetch is the boundary; the e2e suite runs the same form against the server.
describe("the Import form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("imports a whole number of units, says so and empties the field", async () => {
    const { requests, user } = renderStockActions();
    const field = screen.getByRole("spinbutton", { name: "Units to import" });
    await user.type(field, "3");
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("3 units imported. 5 in stock.")).toBeInTheDocument();
    expect(requests).toEqual([{ url: `/api/bikes/${bike._id}/imports`, body: { amount: 3 } }]);
    expect(field).toHaveValue(null);
  });

  it("refuses a negative entry in a toast and sends nothing", async () => {
    const { requests, user } = renderStockActions();
    await user.type(screen.getByRole("spinbutton", { name: "Units to import" }), "-4");
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Please enter positive numbers!")).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
