import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Bike } from "@ultimate-bikes/contract/bikes";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KHULNA, MAIN_WAREHOUSE, SYLHET, TEST_PLACES } from "../../test/places";
import { DELIVER_COUNT_PROBLEM, StockActions } from "./stock-actions";

const bike: Bike = {
  _id: "7d4f6c1e-8a2b-4c3d-9e0f-1a2b3c4d5e6f",
  name: "Test Bike",
  photo: "/images/bikes/vespa-gts-300.svg",
  des: "A bike.",
  price: 100,
  quantity: 2,
  supplierName: "Supplier",
  reorderPoint: 3,
  stockNumber: null,
  stock: [],
  inTransit: 0,
  tracksUnits: false,
  held: 0,
};

function renderStockActions() {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? "null")) as { amount?: number };
      requests.push({ url, body });
      const quantity = url.endsWith("/deliveries")
        ? bike.quantity - (body.amount ?? 1)
        : bike.quantity + (body.amount ?? 0);
      if (quantity < 0) {
        return Response.json(
          { statusCode: 409, error: "Conflict", message: "Only 2 in stock: nothing delivered." },
          { status: 409 },
        );
      }
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

/** Elements showing this text on screen: not those only a screen reader reads. */
const shownTexts = (text: string) =>
  screen.queryAllByText(text).filter((element) => !element.closest(".visually-hidden"));

const referenceField = () => screen.getByRole("textbox", { name: "Order or invoice (optional)" });

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

  it("refuses a negative entry with one message, marks the field, and sends nothing", async () => {
    const { requests, user } = renderStockActions();
    const field = screen.getByRole("spinbutton", { name: "Units to import" });
    await user.type(field, "-4");
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter positive numbers!");
    // Said once on screen (the spec's toast); the field, which takes focus so the entry can be
    // put right at once, carries the words for a screen reader only.
    expect(shownTexts("Please enter positive numbers!")).toHaveLength(1);
    expect(field).toHaveAccessibleDescription("Please enter positive numbers!");
    expect(field).toBeInvalid();
    expect(field).toHaveFocus();
    expect(requests).toEqual([]);

    await user.clear(field);
    await user.type(field, "2");
    expect(field).not.toHaveAccessibleDescription();
    expect(field).toBeValid();
  });

  it.each([
    ["", "Please enter how many units to import."],
    ["2.5", "Please enter a whole number of units."],
  ])("refuses the entry %j with its reason, and sends nothing", async (entry, message) => {
    const { requests, user } = renderStockActions();
    const field = screen.getByRole("spinbutton", { name: "Units to import" });
    if (entry) await user.type(field, entry);
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(field).toBeInvalid();
    expect(requests).toEqual([]);
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

describe("the order or invoice", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("goes with one Delivered and one Import, then clears", async () => {
    const { requests, user } = renderStockActions();
    await user.type(referenceField(), "SO-12");
    await user.click(screen.getByRole("button", { name: "Delivered" }));
    expect(await screen.findByText("One unit delivered. 1 left.")).toBeInTheDocument();
    expect(referenceField()).toHaveValue("");

    await user.type(referenceField(), "PO-9");
    await user.type(screen.getByRole("spinbutton", { name: "Units to import" }), "5");
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("5 units imported. 7 in stock.")).toBeInTheDocument();
    expect(referenceField()).toHaveValue("");

    // The next Delivered records no order: the field said none.
    await user.click(screen.getByRole("button", { name: "Delivered" }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests.map((request) => request.body)).toEqual([
      { reference: "SO-12" },
      { amount: 5, reference: "PO-9" },
      {},
    ]);
  });

  it("stays when the server refused the change", async () => {
    const { user } = renderStockActions();
    await user.type(referenceField(), "SO-77");
    await user.type(screen.getByRole("spinbutton", { name: "Units to deliver" }), "3");
    await user.click(screen.getByRole("button", { name: "Deliver 3" }));
    expect(await screen.findByText("Only 2 in stock: nothing delivered.")).toBeInTheDocument();
    expect(referenceField()).toHaveValue("SO-77");
  });
});

describe("Deliver N", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("delivers a typed count with its order in one click, as one request", async () => {
    const { requests, user } = renderStockActions();
    const count = screen.getByRole("spinbutton", { name: "Units to deliver" });
    // Empty, the button is the spec's one-unit Delivered.
    expect(count).toHaveValue(null);
    await user.type(count, "2");
    await user.type(referenceField(), "SO-77");
    await user.click(screen.getByRole("button", { name: "Deliver 2" }));
    expect(await screen.findByText("2 units delivered. 0 left.")).toBeInTheDocument();
    expect(requests).toEqual([
      { url: `/api/bikes/${bike._id}/deliveries`, body: { amount: 2, reference: "SO-77" } },
    ]);
    expect(count).toHaveValue(null);
    expect(referenceField()).toHaveValue("");
    expect(screen.getByRole("button", { name: "Delivered" })).toBeInTheDocument();
  });

  it("delivers on Enter in the count", async () => {
    const { requests, user } = renderStockActions();
    await user.type(screen.getByRole("spinbutton", { name: "Units to deliver" }), "1{Enter}");
    expect(await screen.findByText("One unit delivered. 1 left.")).toBeInTheDocument();
    expect(requests).toEqual([{ url: `/api/bikes/${bike._id}/deliveries`, body: {} }]);
  });

  it.each(["0", "1.5"])(
    "refuses a count of %s with one message, sending nothing",
    async (entry) => {
      const { requests, user } = renderStockActions();
      const count = screen.getByRole("spinbutton", { name: "Units to deliver" });
      await user.type(count, entry);
      await user.click(screen.getByRole("button", { name: "Delivered" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(DELIVER_COUNT_PROBLEM);
      expect(shownTexts(DELIVER_COUNT_PROBLEM)).toHaveLength(1);
      expect(count).toBeInvalid();
      expect(count).toHaveFocus();
      expect(requests).toEqual([]);
    },
  );
});

describe("at a place", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** 2 at the main warehouse (the person's default place), 3 at Khulna, none at Sylhet. */
  const placed: Bike = {
    ...bike,
    quantity: 5,
    stock: [
      { placeId: MAIN_WAREHOUSE.id, place: MAIN_WAREHOUSE.name, quantity: 2 },
      { placeId: KHULNA.id, place: KHULNA.name, quantity: 3 },
    ],
  };

  function renderAtPlaces(answer: (body: { placeId?: string }) => Response) {
    const requests: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body ?? "{}")) as { placeId?: string };
        requests.push({ url, body });
        return answer(body);
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StockActions bike={placed} places={TEST_PLACES} defaultPlaceId={MAIN_WAREHOUSE.id} />
        <ToastContainer />
      </QueryClientProvider>,
    );
    return { requests, user: userEvent.setup() };
  }

  const optionsOf = (name: string) =>
    within(screen.getByRole("combobox", { name }))
      .getAllByRole("option")
      .map((option) => option.textContent);

  it("delivers from the default place, or from a place holding the bike", async () => {
    const { requests, user } = renderAtPlaces(() => Response.json({ ...placed, quantity: 4 }));
    expect(optionsOf("Deliver from")).toEqual(["Main warehouse", "Khulna showroom"]);
    expect(screen.getByRole("combobox", { name: "Deliver from" })).toHaveValue(MAIN_WAREHOUSE.id);

    await user.click(screen.getByRole("button", { name: "Delivered" }));
    expect(await screen.findByText("One unit delivered. 4 left.")).toBeInTheDocument();
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Deliver from" }),
      "Khulna showroom",
    );
    await user.click(screen.getByRole("button", { name: "Delivered" }));
    await waitFor(() => expect(requests).toHaveLength(2));
    // The default place goes unnamed: the server knows it.
    expect(requests.map((request) => request.body)).toEqual([{}, { placeId: KHULNA.id }]);
  });

  it("imports at any open place", async () => {
    const { requests, user } = renderAtPlaces(() => Response.json({ ...placed, quantity: 7 }));
    expect(optionsOf("Import to")).toEqual([
      "Main warehouse",
      "Khulna showroom",
      "Sylhet showroom",
    ]);
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Import to" }),
      "Sylhet showroom",
    );
    await user.type(screen.getByRole("spinbutton", { name: "Units to import" }), "2");
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByText("2 units imported. 7 in stock.")).toBeInTheDocument();
    expect(requests).toEqual([
      {
        url: `/api/bikes/${bike._id}/imports`,
        body: { amount: 2, placeId: SYLHET.id },
      },
    ]);
  });

  it("says where there is stock when the place has too few", async () => {
    const message = "Only 2 at Main warehouse; 3 at Khulna showroom";
    const { user } = renderAtPlaces(() =>
      Response.json(
        { statusCode: 409, error: "Conflict", message, currentQuantity: 5 },
        { status: 409 },
      ),
    );
    await user.type(screen.getByRole("spinbutton", { name: "Units to deliver" }), "3");
    await user.click(screen.getByRole("button", { name: "Deliver 3" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });
});
