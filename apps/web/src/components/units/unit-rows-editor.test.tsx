import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { checkUnitRows, emptyUnitRow, parseUnitLines, type UnitRow } from "./unit-rows";
import { UnitRowsEditor } from "./unit-rows-editor";

/** Chassis numbers whose check digit (9th character) matches. */
const CHASSIS_A = "ME1RM2814P0012345";
const CHASSIS_B = "ME1RM2816P0012346";

/** The editor in a form, as Import has it: a submit would call `onSubmit`. */
function renderEditor() {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  function Harness() {
    const [rows, setRows] = useState<UnitRow[]>(() => [emptyUnitRow()]);
    return (
      <form onSubmit={onSubmit}>
        <UnitRowsEditor rows={rows} onChange={setRows} />
        <button type="submit">Import</button>
      </form>
    );
  }
  render(<Harness />);
  return { onSubmit, user: userEvent.setup() };
}

const unit = (index: number) => screen.getByRole("group", { name: `Unit ${index}` });
const field = (index: number, name: string) =>
  screen.getAllByRole("textbox", { name }).filter((input) => unit(index).contains(input))[0]!;

describe("the unit rows editor", () => {
  it("moves on with each scanner's Enter, and from the last field to a new row, never sending the form", async () => {
    const { onSubmit, user } = renderEditor();
    await user.click(field(1, "Chassis number"));
    await user.keyboard(`${CHASSIS_A}{Enter}`);
    expect(field(1, "Engine number")).toHaveFocus();
    await user.keyboard("M401E-0123456{Enter}Red{Enter}2024{Enter}");
    expect(field(2, "Chassis number")).toHaveFocus();
    expect(field(1, "Chassis number")).toHaveValue(CHASSIS_A);
    expect(field(1, "Model year")).toHaveValue("2024");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("adds a pasted spreadsheet's lines as rows, in place of the blank one", async () => {
    const { user } = renderEditor();
    await user.click(screen.getByText("Paste a list"));
    await user.click(screen.getByRole("textbox", { name: /One unit a line/ }));
    await user.paste(
      `Chassis\tEngine\tColour\tYear\n${CHASSIS_A}\tM401E-1\tRed\t2024\n\n${CHASSIS_B}, M401E-2, Blue, 2025\n`,
    );
    await user.click(screen.getByRole("button", { name: "Add these units" }));
    expect(field(1, "Chassis number")).toHaveValue(CHASSIS_A);
    expect(field(1, "Colour")).toHaveValue("Red");
    expect(field(2, "Engine number")).toHaveValue("M401E-2");
    expect(field(2, "Model year")).toHaveValue("2025");
    expect(screen.queryByRole("group", { name: "Unit 3" })).not.toBeInTheDocument();
  });

  it("removes a row by its own button", async () => {
    const { user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Add a unit" }));
    await user.type(field(2, "Colour"), "Blue");
    await user.click(screen.getByRole("button", { name: "Remove Unit 1" }));
    expect(field(1, "Colour")).toHaveValue("Blue");
  });
});

describe("checking the rows", () => {
  const row = (chassis: string, engine: string, modelYear = "2024") => ({
    ...emptyUnitRow(),
    chassis,
    engine,
    colour: "Red",
    modelYear,
  });

  it("gives the units as the API takes them: numbers in capitals without spaces or dashes", () => {
    expect(checkUnitRows([row("me1rm2814-p001 2345", "m401e-1")])).toEqual({
      ok: true,
      units: [{ chassis: CHASSIS_A, engine: "M401E1", colour: "Red", modelYear: 2024 }],
    });
  });

  it("names what is wrong with each row, by field, in the contract's words", () => {
    expect(checkUnitRows([row(CHASSIS_A, "E1"), row("ME1RM28", "E2", "")])).toMatchObject({
      ok: false,
      rowErrors: [
        {},
        {
          chassis: "Chassis number must be 17 characters (ISO 3779)",
          modelYear: "Model year must be a year",
        },
      ],
      problem: "Unit 2: Chassis number must be 17 characters (ISO 3779).",
    });
  });

  it("names a chassis number listed twice on the row that repeats it", () => {
    expect(checkUnitRows([row(CHASSIS_B, "E1"), row(CHASSIS_B, "E2")])).toMatchObject({
      ok: false,
      rowErrors: [{}, { chassis: `Chassis number ${CHASSIS_B} is listed twice` }],
    });
  });

  it("reads commas when a line has no tab, and leaves cells out as blank", () => {
    expect(parseUnitLines("A1, E1\n")).toMatchObject([
      { chassis: "A1", engine: "E1", colour: "", modelYear: "" },
    ]);
  });
});
