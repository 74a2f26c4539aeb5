import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Bike } from "@ultimate-bikes/contract/bikes";
import { checkDigitWarning } from "@ultimate-bikes/contract/units";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stockItem } from "../../test/stock-items";
import { StockActions } from "./stock-actions";

const bike: Bike = { ...stockItem("Yamaha MT-07", 2), tracksUnits: true };

/** Its check digit (the 9th character) should be 4. */
const UNCHECKED_CHASSIS = "ME1RM2810P0012345";

/** Import on a tracked model, against a server answering `answers` in turn (then 200s). */
function renderImport(answers: Response[] = []) {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, body: JSON.parse(String(init.body ?? "null")) });
      return answers.shift() ?? Response.json({ ...bike, quantity: 3 });
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

const refusal = (statusCode: number, message: string) =>
  Response.json({ statusCode, error: "Refused", message }, { status: statusCode });

const unitField = (name: string) =>
  within(screen.getByRole("group", { name: "Unit 1" })).getByRole("textbox", { name });

/** Types one unit as a USB scanner would: each field ends with Enter. */
async function typeUnit(user: ReturnType<typeof userEvent.setup>, chassis: string) {
  await user.click(unitField("Chassis number"));
  await user.keyboard(`${chassis}{Enter}M401E-0123456{Enter}Icon Blue{Enter}2024`);
}

describe("Import on a model tracked by unit", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each field's problem on its field, and sends nothing", async () => {
    const { requests, user } = renderImport();
    await user.type(unitField("Chassis number"), "ME1RM28");
    await user.click(screen.getByRole("button", { name: "Import 1 unit" }));
    const chassis = unitField("Chassis number");
    expect(chassis).toBeInvalid();
    expect(chassis).toHaveAccessibleDescription("Chassis number must be 17 characters (ISO 3779)");
    expect(unitField("Engine number")).toHaveAccessibleDescription("Engine number is required");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Unit 1: Chassis number must be 17 characters (ISO 3779).",
    );
    expect(requests).toEqual([]);
  });

  it("warns of a check digit that does not match, and keeps the numbers once confirmed", async () => {
    const { requests, user } = renderImport([refusal(422, checkDigitWarning([UNCHECKED_CHASSIS]))]);
    await typeUnit(user, UNCHECKED_CHASSIS);
    await user.click(screen.getByRole("button", { name: "Import 1 unit" }));
    const warning = await screen.findByRole("alert");
    expect(warning).toHaveTextContent(
      `The check digit of ${UNCHECKED_CHASSIS} does not match. Many markets do not use it: confirm to keep it as typed.`,
    );
    await user.click(within(warning).getByRole("button", { name: "Keep these numbers" }));
    expect(await screen.findByText("One unit imported. 3 in stock.")).toBeInTheDocument();
    const unit = {
      chassis: UNCHECKED_CHASSIS,
      engine: "M401E0123456",
      colour: "Icon Blue",
      modelYear: 2024,
    };
    expect(requests).toEqual([
      { url: `/api/bikes/${bike._id}/imports`, body: { amount: 1, units: [unit] } },
      {
        url: `/api/bikes/${bike._id}/imports`,
        body: { amount: 1, units: [unit], checkDigitsConfirmed: true },
      },
    ]);
    // Done: the rows are blank for the next delivery of motorbikes.
    expect(unitField("Chassis number")).toHaveValue("");
  });

  it("says the server's refusal of a chassis number already recorded, keeping the rows", async () => {
    const message = "Chassis number ME1RM2814P0012345 is already recorded: nothing imported.";
    const { user } = renderImport([refusal(409, message)]);
    await typeUnit(user, "ME1RM2814P0012345");
    await user.click(screen.getByRole("button", { name: "Import 1 unit" }));
    expect(await screen.findByText(message, { selector: "p" })).toBeInTheDocument();
    expect(unitField("Chassis number")).toHaveValue("ME1RM2814P0012345");
  });
});
