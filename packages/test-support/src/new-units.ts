import { chassisCheckDigitMatches, type NewUnitInput } from "@ultimate-bikes/contract/units";

let serial = Math.floor(Math.random() * 400_000);

/** A chassis number (ISO 3779) with a matching check digit, new on every call. */
export function newChassis(): string {
  serial += 1;
  const start = `ME1RM281`;
  const end = `P0${String(serial).padStart(6, "0").slice(-6)}`;
  for (const check of [..."0123456789X"]) {
    const chassis = `${start}${check}${end}`;
    if (chassisCheckDigitMatches(chassis)) return chassis;
  }
  throw new Error("no check digit fits");
}

/** `count` arriving units with new numbers. */
export const newUnits = (count: number, colour = "Racing Blue"): NewUnitInput[] =>
  Array.from({ length: count }, () => {
    const chassis = newChassis();
    return { chassis, engine: `M401E-${chassis.slice(-7)}`, colour, modelYear: 2026 };
  });
