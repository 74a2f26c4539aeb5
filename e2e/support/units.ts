import { chassisCheckDigitMatches } from "@ultimate-bikes/contract/units";
import { expect, type Page } from "@playwright/test";
import { randomInt } from "node:crypto";

/** A chassis number no other test uses, its check digit matching (no warning to confirm). */
export function newChassis(): string {
  const start = "ME1RM281";
  const end = `P${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
  const chassis = [..."0123456789X"]
    .map((check) => `${start}${check}${end}`)
    .find(chassisCheckDigitMatches);
  if (!chassis) throw new Error("no check digit fits");
  return chassis;
}

/** A unit as typed or pasted: its chassis, an engine number made from it, a colour, a year. */
export const newUnit = (colour = "Icon Blue") => {
  const chassis = newChassis();
  return { chassis, engine: `M401E-${chassis.slice(-7)}`, colour, modelYear: 2025 };
};

/** Turns tracking on through the API, identifying the bike's units, all at the main warehouse. */
export async function trackViaApi(page: Page, bikeId: string, units: ReturnType<typeof newUnit>[]) {
  const places = (await (await page.request.get("/api/places")).json()) as {
    id: string;
    main: boolean;
  }[];
  const placeId = places.find((place) => place.main)!.id;
  const response = await page.request.put(`/api/bikes/${bikeId}/tracking`, {
    data: { tracksUnits: true, units: units.map((unit) => ({ ...unit, placeId })) },
  });
  expect(response.status(), await response.text()).toBe(200);
}
