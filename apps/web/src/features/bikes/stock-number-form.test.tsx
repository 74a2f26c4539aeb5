import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Role } from "@ultimate-bikes/contract/roles";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StockNumberForm } from "./stock-number-form";
import { signedInAccount } from "../../test/signed-in-account";
import { stockItem } from "../../test/stock-items";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

/** The form for someone of `role`, against an API where UB-00001 is another bike's number. */
function renderForm(role: Role) {
  const bike = { ...stockItem("Honda CB500", 3), stockNumber: "UB-00042" };
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/account") return Response.json(signedInAccount(role));
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as { stockNumber: string };
        sent.push(body);
        if (body.stockNumber.toUpperCase() === "UB-00001") {
          return Response.json(
            {
              statusCode: 409,
              error: "Conflict",
              message: "stockNumber: UB-00001 is already the stock number of another bike",
            },
            { status: 409 },
          );
        }
        return Response.json({ ...bike, stockNumber: body.stockNumber.toUpperCase() });
      }
      return Response.json(bike);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StockNumberForm id={bike._id} />
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup() };
}

describe("the stock number form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lets staff change the number, and says which bike a number in use belongs to", async () => {
    const { sent, user } = renderForm("staff");
    const field = await screen.findByRole("textbox", { name: "Stock number (like UB-00042)" });
    expect(field).toHaveValue("UB-00042");
    await user.clear(field);
    await user.type(field, "UB-00001");
    await user.click(screen.getByRole("button", { name: "Save number" }));
    expect(
      await screen.findByText("UB-00001 is already the stock number of another bike"),
    ).toBeVisible();
    expect(field).toHaveAccessibleDescription(
      "UB-00001 is already the stock number of another bike",
    );

    await user.clear(field);
    await user.type(field, "B-1");
    await user.click(screen.getByRole("button", { name: "Save number" }));
    expect(
      await screen.findByText("The stock number must be a stock number like UB-00042."),
    ).toBeVisible();
    expect(sent).toHaveLength(1);

    await user.clear(field);
    await user.type(field, "ub-09000");
    await user.click(screen.getByRole("button", { name: "Save number" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Stock number saved: UB-09000.");
    expect(field).toHaveValue("UB-09000");
  });

  it("is not there for a member", async () => {
    renderForm("member");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});
