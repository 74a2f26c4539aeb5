import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AddBikePage } from "./add-bike-page";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { email: "staff@example.com" } } }),
}));

/** Renders the form with the browser's fetch as the boundary; returns the bodies it sent. */
function renderAddForm() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return Response.json(
        { acknowledged: true, insertedId: crypto.randomUUID() },
        { status: 201 },
      );
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AddBikePage />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup() };
}

async function fillRequiredFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "Honda CB500");
  await user.type(screen.getByLabelText("Photo url"), "/images/bikes/honda-cbr650r.svg");
  await user.type(screen.getByLabelText("Description"), "A twin for town.");
  await user.type(screen.getByLabelText("Price (USD)"), "6999");
  await user.type(screen.getByLabelText("Quantity"), "4");
  await user.type(screen.getByLabelText("Supplier name"), "Honda Imports");
}

describe("the Add form's reorder point", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is optional, says what an empty one means, and is left out when empty", async () => {
    const { sent, user } = renderAddForm();
    const field = screen.getByLabelText("Reorder point");
    expect(field).not.toBeRequired();
    expect(field).toHaveAttribute("placeholder", "3");
    expect(field).toHaveAccessibleDescription(
      'Optional. At or below this quantity the bike shows "Low stock". Left empty, it is 3.',
    );

    await fillRequiredFields(user);
    await user.click(screen.getByRole("button", { name: "Add Now" }));
    expect(await screen.findByText("Your Import Item added")).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty("reorderPoint");
  });

  it("is checked like the other numbers and sent when given", async () => {
    const { sent, user } = renderAddForm();
    await fillRequiredFields(user);
    const field = screen.getByLabelText("Reorder point");
    await user.type(field, "2.5");
    await user.click(screen.getByRole("button", { name: "Add Now" }));
    expect(await screen.findByText("Reorder point must be a whole number")).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, "8");
    await user.click(screen.getByRole("button", { name: "Add Now" }));
    expect(await screen.findByText("Your Import Item added")).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ name: "Honda CB500", reorderPoint: 8 })]);
  });
});
