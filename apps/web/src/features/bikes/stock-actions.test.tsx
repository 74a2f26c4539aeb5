import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
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

  it("refuses a negative entry at the field and in a toast, and sends nothing", async () => {
    const { requests, user } = renderStockActions();
    const field = screen.getByRole("spinbutton", { name: "Units to import" });
    await user.type(field, "-4");
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter positive numbers!");
    // At the field too, which takes focus so the entry can be put right at once.
    expect(field).toHaveAccessibleDescription("Please enter positive numbers!");
    expect(field).toBeInvalid();
    expect(field).toHaveFocus();
    expect(requests).toEqual([]);

    await user.clear(field);
    await user.type(field, "2");
    expect(field).not.toHaveAccessibleDescription();
    expect(field).toBeValid();
  });
});

describe("Delivered", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("ignores a second click while the first delivery is on its way", async () => {
    let answer: (response: Response) => void = () => {};
    const deliveries = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal("fetch", deliveries);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StockActions bike={bike} />
        <ToastContainer />
      </QueryClientProvider>,
    );
    // Two clicks in one go, as a fast double-click lands before React draws the button disabled.
    const delivered = screen.getByRole("button", { name: "Delivered" });
    fireEvent.click(delivered);
    fireEvent.click(delivered);
    await waitFor(() => expect(delivered).toBeDisabled());
    expect(deliveries).toHaveBeenCalledTimes(1);

    answer(Response.json({ ...bike, quantity: 1 }));
    expect(await screen.findByText("One unit delivered. 1 left.")).toBeInTheDocument();
    await userEvent.setup().click(delivered);
    expect(deliveries).toHaveBeenCalledTimes(2);
  });
});
