import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Bike } from "@ultimate-bikes/contract/bikes";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KHULNA, MAIN_WAREHOUSE } from "../../test/places";
import { stockItem } from "../../test/stock-items";
import { TrackingControls } from "./tracking-controls";

const bike: Bike = {
  ...stockItem("Yamaha MT-07", 2),
  stock: [
    { placeId: MAIN_WAREHOUSE.id, place: MAIN_WAREHOUSE.name, quantity: 1 },
    { placeId: KHULNA.id, place: KHULNA.name, quantity: 1 },
  ],
};

const mainUnit = {
  chassis: "ME1RM2814P0012345",
  engine: "M401E1",
  colour: "Red",
  modelYear: 2024,
};
const khulnaUnit = { ...mainUnit, chassis: "ME1RM2816P0012346", engine: "M401E2" };

/** Tracking on or off, against a server answering `answer` (else the bike, tracked). */
function renderTracking(shown: Bike, answer?: Response) {
  const requests: { url: string; method?: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
      return answer ?? Response.json({ ...shown, tracksUnits: !shown.tracksUnits });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TrackingControls bike={shown} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { requests, user: userEvent.setup() };
}

async function fillUnit(
  user: ReturnType<typeof userEvent.setup>,
  row: string,
  unit: typeof mainUnit,
) {
  const group = within(screen.getByRole("group", { name: row }));
  await user.type(group.getByRole("textbox", { name: "Chassis number" }), unit.chassis);
  await user.type(group.getByRole("textbox", { name: "Engine number" }), unit.engine);
  await user.type(group.getByRole("textbox", { name: "Colour" }), unit.colour);
  await user.type(group.getByRole("textbox", { name: "Model year" }), String(unit.modelYear));
}

describe("tracking a model's units", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("identifies every unit at each place, and sends them all at once", async () => {
    const { requests, user } = renderTracking(bike);
    await user.click(screen.getByRole("button", { name: "Track units" }));
    await fillUnit(user, "Unit 1 at Main warehouse", mainUnit);
    await fillUnit(user, "Unit 1 at Khulna showroom", khulnaUnit);
    await user.click(screen.getByRole("button", { name: "Start tracking units" }));
    expect(await screen.findByText("Yamaha MT-07 is now tracked by unit.")).toBeVisible();
    expect(requests).toEqual([
      {
        url: `/api/bikes/${bike._id}/tracking`,
        method: "PUT",
        body: {
          tracksUnits: true,
          units: [
            { ...mainUnit, placeId: MAIN_WAREHOUSE.id },
            { ...khulnaUnit, placeId: KHULNA.id },
          ],
        },
      },
    ]);
    expect(screen.getByRole("button", { name: "Track units" })).toBeVisible();
  });

  it("sends nothing while a place has more units listed than it holds, or a row is wrong", async () => {
    const { requests, user } = renderTracking(bike);
    await user.click(screen.getByRole("button", { name: "Track units" }));
    const main = within(
      screen.getByRole("region", { name: "Identify the units at Main warehouse" }),
    );
    await user.click(main.getByRole("button", { name: "Add a unit" }));
    await user.click(screen.getByRole("button", { name: "Start tracking units" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Main warehouse has 1 unit: list it, no more, no fewer.",
    );
    await user.click(main.getByRole("button", { name: "Remove Unit 2 at Main warehouse" }));
    await fillUnit(user, "Unit 1 at Main warehouse", mainUnit);
    await user.click(screen.getByRole("button", { name: "Start tracking units" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Khulna showroom, Unit 1: Chassis number must be 17 characters (ISO 3779).",
    );
    expect(requests).toEqual([]);
  });

  it("says the server's refusal, and keeps the form", async () => {
    const message = "Yamaha MT-07 has units in transit: receive them before tracking its units.";
    const refusal = Response.json({ statusCode: 409, error: "Conflict", message }, { status: 409 });
    const { user } = renderTracking(bike, refusal);
    await user.click(screen.getByRole("button", { name: "Track units" }));
    await fillUnit(user, "Unit 1 at Main warehouse", mainUnit);
    await fillUnit(user, "Unit 1 at Khulna showroom", khulnaUnit);
    await user.click(screen.getByRole("button", { name: "Start tracking units" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("button", { name: "Start tracking units" })).toBeVisible();
  });

  it("stops tracking once confirmed", async () => {
    const { requests, user } = renderTracking({ ...bike, tracksUnits: true });
    await user.click(screen.getByRole("button", { name: "Stop tracking units" }));
    expect(requests).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Yes, stop tracking" }));
    expect(await screen.findByText("Yamaha MT-07 is no longer tracked by unit.")).toBeVisible();
    expect(requests).toEqual([
      { url: `/api/bikes/${bike._id}/tracking`, method: "PUT", body: { tracksUnits: false } },
    ]);
  });
});
