import { describe, expect, it } from "vitest";
import { transferAddress, transferIdFrom } from "./transfer-links";

const ID = "3d2f8a1b-5c6d-4e7f-9a0b-1c2d3e4f5a6b";
const ORIGIN = "https://bikes.example";

describe("the transfer a scanned code names", () => {
  it("reads our transfer addresses, the sheet's QR code among them", () => {
    expect(transferAddress(ID, ORIGIN)).toBe(`${ORIGIN}/transfers/${ID}`);
    expect(transferIdFrom(transferAddress(ID, ORIGIN), ORIGIN)).toBe(ID);
    expect(transferIdFrom(` ${ORIGIN}/transfers/${ID.toUpperCase()}/ `, ORIGIN)).toBe(ID);
  });

  it("names no transfer for another site, another page, a bad id or a bare id", () => {
    expect(transferIdFrom(`https://evil.example/transfers/${ID}`, ORIGIN)).toBeUndefined();
    expect(transferIdFrom(`${ORIGIN}/transfers/new`, ORIGIN)).toBeUndefined();
    expect(transferIdFrom(`${ORIGIN}/inventory/${ID}`, ORIGIN)).toBeUndefined();
    // A bare id is a bike's (Scan's older rule): a transfer is scanned from its sheet's address.
    expect(transferIdFrom(ID, ORIGIN)).toBeUndefined();
  });
});
