import { describe, expect, it } from "vitest";
import { bikeAddress, bikeIdFrom } from "./bike-links";

const ID = "0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80";
const ORIGIN = "https://bikes.example";

describe("the bike a scanned code names", () => {
  it("reads our bike addresses, the original's longer one and a bare id", () => {
    expect(bikeIdFrom(bikeAddress(ID, ORIGIN), ORIGIN)).toBe(ID);
    expect(bikeIdFrom(`${ORIGIN}/inventory/inventory/${ID}`, ORIGIN)).toBe(ID);
    expect(bikeIdFrom(`  ${ID.toUpperCase()} `, ORIGIN)).toBe(ID);
  });

  it("names no bike for another site, another page, a bad id or plain text", () => {
    expect(bikeIdFrom(`https://evil.example/inventory/${ID}`, ORIGIN)).toBeUndefined();
    expect(bikeIdFrom(`${ORIGIN}/manage-inventory`, ORIGIN)).toBeUndefined();
    expect(bikeIdFrom(`${ORIGIN}/inventory/not-a-bike`, ORIGIN)).toBeUndefined();
    expect(bikeIdFrom("WIFI:S:warehouse;;", ORIGIN)).toBeUndefined();
  });
});
