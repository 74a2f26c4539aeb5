import { describe, expect, it } from "vitest";
import { readCode } from "./scan-destinations";

const BIKE_ID = "0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80";
const TRANSFER_ID = "3d2f8a1b-5c6d-4e7f-9a0b-1c2d3e4f5a6b";

describe("what a scanned or typed code names", () => {
  it("a unit label's chassis number, as printed or typed", () => {
    const chassis = { kind: "chassis", chassis: "ME1RM2810P0012345" };
    expect(readCode("ME1RM2810P0012345")).toEqual(chassis);
    expect(readCode(" me1-rm281 0p00 12345 ")).toEqual(chassis);
  });

  it("no chassis number in 16 characters, nor with an I, O or Q", () => {
    expect(readCode("ME1RM2810P001234")).toBeUndefined();
    expect(readCode("ME1RM2810O0012345")).toBeUndefined();
  });

  it("a stock number, a transfer number, a bike id and our pages' addresses, as before", () => {
    expect(readCode("ub-42")).toEqual({ kind: "stock-number", number: "UB-00042" });
    expect(readCode("T-12")).toEqual({ kind: "transfer", number: "T-000012" });
    expect(readCode(BIKE_ID)).toEqual({ kind: "page", path: `/inventory/${BIKE_ID}` });
    expect(readCode(`${window.location.origin}/transfers/${TRANSFER_ID}`)).toEqual({
      kind: "page",
      path: `/transfers/${TRANSFER_ID}?receive`,
    });
    expect(readCode("https://elsewhere.example/inventory/x")).toBeUndefined();
    expect(readCode("42")).toBeUndefined();
  });
});
