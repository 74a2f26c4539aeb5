import { chassisCheckDigitMatches } from "@ultimate-bikes/contract/units";
import type { Insertable } from "kysely";
import { reversed } from "../units/unit-stock.ts";
import { prng, uuid } from "./bulk-random.ts";
import type { Database } from "./schema.ts";

/**
 * The units of the bulk stock's tracked models (issue 24): some models track their units, each
 * in stock one by one, as many as the model's quantity, with valid ISO 3779 chassis numbers
 * (check digit included) that no two units share. Generated from a seeded PRNG and a running
 * serial, so every run makes the same units.
 */

/** Their place is the model's, which the seeding decides (seed-repository.ts). */
export type BulkUnitRow = Omit<Insertable<Database["unit"]>, "place_id">;

/** A model's bike row as far as its units need it. */
interface TrackedBike {
  id: string;
  name: string;
  quantity: number;
  created_at: string | Date;
}

/** World manufacturer identifiers (a chassis number's first 3 characters) by make. */
const WMI: Record<string, string> = {
  Yamaha: "JYA",
  Honda: "JH2",
  Kawasaki: "JKA",
  Suzuki: "JS1",
  Ducati: "ZDM",
  BMW: "WB1",
  "Harley-Davidson": "1HD",
  Triumph: "SMT",
  KTM: "VBK",
  "Royal Enfield": "ME3",
  Bajaj: "MD2",
  Vespa: "ZAP",
  Aprilia: "ZD4",
  "Moto Guzzi": "ZGU",
  Husqvarna: "VBK",
  TVS: "MD6",
  Hero: "MBL",
  CFMoto: "LCE",
  Benelli: "LBB",
  Zero: "538",
};
/** ISO 3779's characters: digits and capitals but I, O and Q. */
const ALPHABET = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";
/** A chassis number's 10th character: the model year (2022 is N, …, 2026 is T). */
const YEAR_CODES: Record<number, string> = {
  2022: "N",
  2023: "P",
  2024: "R",
  2025: "S",
  2026: "T",
};
const SERIALS_PER_PLANT = 1_000_000;
/** The plant character and the 6-digit serial keep chassis numbers unique up to this many units. */
export const BULK_UNITS_MAX = ALPHABET.length * SERIALS_PER_PLANT;
/** Creation times end here, as the bikes' (bulk-stock.ts). */
const NEWEST = Date.UTC(2026, 10, 1);

/** `count` characters of ISO 3779's alphabet spelling `value` (base 33), most significant first. */
function spelled(value: number, count: number): string {
  let text = "";
  for (let left = value, index = 0; index < count; index++) {
    text = ALPHABET[left % ALPHABET.length] + text;
    left = Math.floor(left / ALPHABET.length);
  }
  return text;
}

/** The chassis number with its 9th character set to the check digit that matches. */
function withCheckDigit(head: string, tail: string): string {
  for (const digit of "0123456789X") {
    const chassis = `${head}${digit}${tail}`;
    if (chassisCheckDigitMatches(chassis)) return chassis;
  }
  throw new Error(`no check digit fits ${head}?${tail}`);
}

/**
 * Which of the bikes (by index) track their units so that their quantities add up to `units`
 * exactly, when the stock allows: spread over the whole stock (every `stride`-th bike first),
 * each taken only while its quantity still fits.
 */
export function trackedBikes(quantities: readonly number[], units: number): Set<number> {
  const tracked = new Set<number>();
  const total = quantities.reduce((sum, quantity) => sum + quantity, 0);
  if (units <= 0) return tracked;
  const stride = Math.max(1, Math.floor(total / units));
  let left = units;
  for (let offset = 0; offset < stride && left > 0; offset++) {
    for (let index = offset; index < quantities.length && left > 0; index += stride) {
      const quantity = quantities[index]!;
      if (quantity > 0 && quantity <= left) {
        tracked.add(index);
        left -= quantity;
      }
    }
  }
  return tracked;
}

/**
 * Makes the units of tracked bikes, one bike at a time, in the order they are given: `serial`
 * runs on across bikes, so chassis numbers never repeat.
 */
export function bulkUnitMaker(seed = 2024) {
  const random = prng(seed);
  let serial = 0;
  return (bike: TrackedBike, bikeIndex: number): BulkUnitRow[] => {
    if (serial + bike.quantity > BULK_UNITS_MAX) {
      throw new RangeError(`The bulk stock makes at most ${BULK_UNITS_MAX} units`);
    }
    const make = Object.keys(WMI).find((name) => bike.name.startsWith(`${name} `));
    const wmi = make ? WMI[make]! : "MA1";
    // The model's descriptor (characters 4 to 8), and its engine code: the same for its units.
    // (Multiplied by a number prime to 33^5: still one descriptor per model, less orderly.)
    const descriptor = spelled((bikeIndex * 7_919 + 123_456) % ALPHABET.length ** 5, 5);
    const engineCode = `${ALPHABET[10 + (bikeIndex % 23)]}${spelled(bikeIndex, 4)}`;
    const colour = bike.name.slice(bike.name.lastIndexOf(", ") + 2);
    const created = new Date(bike.created_at).getTime();
    return Array.from({ length: bike.quantity }, (_, index) => {
      const year = 2022 + Math.floor(random() * 5);
      const plant = ALPHABET[(10 + Math.floor(serial / SERIALS_PER_PLANT)) % ALPHABET.length]!;
      const tail = `${YEAR_CODES[year]}${plant}${String(serial % SERIALS_PER_PLANT).padStart(6, "0")}`;
      const chassis = withCheckDigit(`${wmi}${descriptor}`, tail);
      // A bijection of the serial over 7 digits: unique engine numbers, not in chassis order.
      const engineSerial = (serial * 7_919 + 1_234_567) % 10_000_000;
      const engine = `${engineCode}${String(engineSerial).padStart(7, "0")}`;
      serial++;
      // Arrivals spread from the model's creation to the newest moment, oldest first.
      const at = new Date(
        created + Math.floor(((index + 1) * (NEWEST - created)) / (bike.quantity + 1)),
      ).toISOString();
      return {
        id: uuid(random),
        bike_id: bike.id,
        chassis,
        chassis_reversed: reversed(chassis),
        engine,
        engine_reversed: reversed(engine),
        colour,
        model_year: year,
        status: "in_stock" as const,
        transfer_id: null,
        arrived_at: at,
        delivered_at: null,
        created_at: at,
        updated_at: at,
      };
    });
  };
}
