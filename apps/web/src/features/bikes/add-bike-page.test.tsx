import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AddBikePage } from "./add-bike-page";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { email: "staff@example.com" } } }),
}));
vi.mock("../../lib/account", () => ({ useAccount: () => ({ canChangeStock: true }) }));

/** Renders the form with the browser's fetch as the boundary; returns the bodies it sent. */
function renderAddForm() {
  const sent: unknown[] = [];
  const insertedIds: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      insertedIds.push(crypto.randomUUID());
      return Response.json({ acknowledged: true, insertedId: insertedIds.at(-1) }, { status: 201 });
    }),
  );
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <AddBikePage />
        <ToastContainer />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { sent, insertedIds, user: userEvent.setup() };
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

describe("after Add Now", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("links to the new bike's page and label, beside the spec's toast, with the form cleared", async () => {
    const { insertedIds, user } = renderAddForm();
    await fillRequiredFields(user);
    await user.click(screen.getByRole("button", { name: "Add Now" }));
    expect(await screen.findByText("Your Import Item added")).toBeInTheDocument();

    const added = screen.getByRole("status", { name: "Bike added:" });
    expect(added).toHaveTextContent("Bike added: Open it · Print its label · Add another");
    expect(added).toHaveFocus();
    const [id] = insertedIds;
    expect(within(added).getByRole("link", { name: "Open it" })).toHaveAttribute(
      "href",
      `/inventory/${id}`,
    );
    expect(within(added).getByRole("link", { name: "Print its label" })).toHaveAttribute(
      "href",
      `/labels?ids=${id}`,
    );
    expect(screen.getByLabelText("Name")).toHaveValue("");

    await user.click(within(added).getByRole("button", { name: "Add another" }));
    expect(screen.queryByRole("status", { name: "Bike added:" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveFocus();
  });

  it("links to the bike added last", async () => {
    const { insertedIds, user } = renderAddForm();
    await fillRequiredFields(user);
    await user.click(screen.getByRole("button", { name: "Add Now" }));
    await screen.findByRole("status", { name: "Bike added:" });
    await fillRequiredFields(user);
    await user.click(screen.getByRole("button", { name: "Add Now" }));
    await waitFor(() => expect(insertedIds).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Open it" })).toHaveAttribute(
        "href",
        `/inventory/${insertedIds[1]}`,
      ),
    );
  });
});
