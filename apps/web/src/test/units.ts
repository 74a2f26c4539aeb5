import type { Unit } from "@ultimate-bikes/contract/units";

/** A unit in stock at the main warehouse, as `GET /api/units…` answers it, for the web tests. */
export const testUnit = (overrides: Partial<Unit> = {}): Unit => ({
  id: "6f1d0c9e-33b1-4c55-9d43-7b8f0e2a1c10",
  bikeId: "0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80",
  bikeName: "Yamaha MT-07",
  chassis: "ME1RM2810P0012345",
  engine: "M401E0123456",
  colour: "Racing Blue",
  modelYear: 2026,
  status: "in_stock",
  placeId: "00000000-0000-4000-8000-000000000001",
  place: "Main warehouse",
  transferId: null,
  arrivedAt: "2026-11-26T09:00:00.000Z",
  deliveredAt: null,
  notes: "",
  checkDigitMatches: true,
  hold: null,
  ...overrides,
});
