import { describe, expect, it } from "vitest";
import { importFormSchema } from "./bikes.ts";

// Apart from bikes.test.ts because the Import field speaks to people, in the page's own words.
describe("importFormSchema", () => {
  it.each([
    ["5", 5],
    [" 12 ", 12],
    ["0", 0],
  ])("sends %j as %d units", (text, amount) => {
    expect(importFormSchema.parse({ amount: text })).toEqual({ amount });
  });

  it.each([
    ["", "Please enter how many units to import."],
    ["-3", "Please enter positive numbers!"],
    ["2.5", "Please enter a whole number of units."],
    ["abc", "Please enter a number of units."],
    ["5000000", "Please enter at most 1,000,000 units."],
  ])("refuses %j with %s", (text, problem) => {
    expect(importFormSchema.safeParse({ amount: text }).error?.issues[0]?.message).toBe(problem);
  });
});
