import { describe, expect, it } from "vitest";
import { importRequestSchema, newBikeSchema, priceField, wholeNumber } from "./bikes.ts";

describe("wholeNumber", () => {
  const quantity = wholeNumber(100);

  it.each([
    [7, 7],
    ["7", 7],
    [" 12 ", 12],
    [0, 0],
    ["100", 100],
  ])("accepts %j as %d", (input, expected) => {
    expect(quantity.parse(input)).toBe(expected);
  });

  it.each([
    [-1, "must be 0 or more"],
    ["-1", "must be a whole number"],
    [2.5, "must be a whole number"],
    ["2.5", "must be a whole number"],
    ["abc", "must be a whole number"],
    ["", "is required"],
    [101, "must be at most 100"],
    [null, "is required"],
    [undefined, "is required"],
    [true, "must be a whole number"],
  ])("refuses %j with %s", (input, message) => {
    const result = quantity.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});

describe("priceField", () => {
  it.each([
    ["1999.99", 1999.99],
    ["15", 15],
    [12.5, 12.5],
    ["0.10", 0.1],
  ])("accepts %j as %d", (input, expected) => {
    expect(priceField.parse(input)).toBe(expected);
  });

  it.each([
    ["12.345", "must be a price like 1999.99"],
    [12.345, "must have at most two decimals"],
    [-5, "must be 0 or more"],
    ["1e3", "must be a price like 1999.99"],
    [1e12, "must be at most 10,000,000"],
  ])("refuses %j with %s", (input, message) => {
    expect(priceField.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});

describe("newBikeSchema", () => {
  const valid = {
    name: " Test Bike ",
    photo: "https://example.com/bike.png",
    des: "A bike.",
    price: "100.50",
    quantity: "3",
    supplierName: "Supplier",
  };

  it("parses the add form's text fields into numbers and trims text", () => {
    expect(newBikeSchema.parse(valid)).toEqual({
      ...valid,
      name: "Test Bike",
      price: 100.5,
      quantity: 3,
    });
  });

  it("refuses unknown fields and photo URLs that are not http(s) or a path", () => {
    expect(newBikeSchema.safeParse({ ...valid, owner: "me" }).success).toBe(false);
    expect(newBikeSchema.safeParse({ ...valid, photo: "javascript:alert(1)" }).success).toBe(false);
    expect(
      newBikeSchema.safeParse({ ...valid, photo: "//tracker.example/pixel.gif" }).success,
    ).toBe(false);
    expect(
      newBikeSchema.safeParse({ ...valid, photo: "/images/bikes/vespa-gts-300.svg" }).success,
    ).toBe(true);
  });

  it("needs every one of the form's required fields", () => {
    const issues = newBikeSchema.safeParse({}).error?.issues.map((issue) => issue.path.join("."));
    expect(issues).toEqual(["name", "photo", "des", "price", "quantity", "supplierName"]);
  });
});

describe("importRequestSchema", () => {
  it("takes an amount of zero or more whole units", () => {
    expect(importRequestSchema.parse({ amount: "0" })).toEqual({ amount: 0 });
    expect(importRequestSchema.safeParse({ amount: -3 }).success).toBe(false);
  });
});
