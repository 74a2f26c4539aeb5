/**
 * Why a write on units was refused (docs/decisions/033). Thrown inside the write's transaction,
 * so nothing it did stays; stock-http.ts makes each an HTTP error with the words below.
 */
export type UnitRefusal =
  /** A tracked model's import without its units (the spec's `PUT` among them). */
  | { reason: "units-required"; bike: string }
  /** Units listed for a model that does not track them. */
  | { reason: "units-not-tracked"; bike: string }
  /** An import whose amount is not its number of units. */
  | { reason: "unit-count-mismatch"; amount: number; units: number }
  /** A chassis number, or an engine number of this model, already recorded. */
  | { reason: "duplicate"; field: "chassis" | "engine"; number: string; where: string }
  | { reason: "no-such-unit" }
  /** The unit named is not one of this model's in stock at the place. */
  | { reason: "unit-not-here"; chassis: string; where: string }
  /** Held for someone, by someone else: only the hold's maker or an admin may move it. */
  | { reason: "held"; chassis: string | null; customer: string; holder: string; until: string }
  /** A hold asked of a unit that is not in stock (in transit, delivered or missing). */
  | { reason: "not-holdable"; chassis: string; where: string }
  /** A release or an extension of a unit, or a hold, that is not held (any more). */
  | { reason: "not-held"; chassis: string | null }
  /** Fewer unheld units of an untracked model at the place than a hold asks for. */
  | { reason: "too-few-to-hold"; place: string; free: number; asked: number }
  /** n units held on a model tracked by unit: hold one of its units instead. */
  | { reason: "hold-a-unit"; bike: string }
  /** Units are at the place, but every one of them is held. */
  | { reason: "all-held"; place: string; held: number }
  /** Turning tracking on: the units listed are not the model's stock at each place. */
  | { reason: "units-do-not-match-stock"; place: string; stock: number; listed: number }
  /** Turning tracking on or off while units are in transit. */
  | { reason: "units-in-transit"; inTransit: number }
  /** Turning tracking on or off while units are held. */
  | { reason: "holds-open"; held: number };

export class UnitRefusalError extends Error {
  readonly refusal: UnitRefusal;
  constructor(refusal: UnitRefusal) {
    super(refusal.reason);
    this.refusal = refusal;
  }
}

/** Throws the refusal, undoing the transaction it is thrown in. */
export function refuse(refusal: UnitRefusal): never {
  throw new UnitRefusalError(refusal);
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  }) + " UTC";

/** The status and words of a refusal's HTTP error. */
export function unitRefusalAnswer(refusal: UnitRefusal): {
  status: 400 | 404 | 409;
  message: string;
} {
  switch (refusal.reason) {
    case "units-required":
      return {
        status: 409,
        message: `${refusal.bike} is tracked by unit: say which units arrive, with their chassis and engine numbers. Nothing was imported.`,
      };
    case "units-not-tracked":
      return {
        status: 409,
        message: `${refusal.bike} is not tracked by unit: import a number of units, or turn tracking on first.`,
      };
    case "unit-count-mismatch":
      return {
        status: 400,
        message: `body.units: lists ${refusal.units} units for an import of ${refusal.amount}`,
      };
    case "duplicate":
      return {
        status: 409,
        message: `${refusal.field === "chassis" ? "Chassis" : "Engine"} number ${refusal.number} is already recorded (${refusal.where}). Nothing was saved.`,
      };
    case "no-such-unit":
      return { status: 404, message: "No unit with that id" };
    case "unit-not-here":
      return {
        status: 409,
        message: `Unit ${refusal.chassis} is not in stock here: it is ${refusal.where}.`,
      };
    case "held":
      return {
        status: 409,
        message: `${refusal.chassis ? `Unit ${refusal.chassis} is held` : "Held"} for ${refusal.customer} by ${refusal.holder} until ${dateTime(refusal.until)}: only ${refusal.holder} or an admin can deliver or release it.`,
      };
    case "not-holdable":
      return {
        status: 409,
        message: `Unit ${refusal.chassis} cannot be held: it is ${refusal.where}.`,
      };
    case "not-held":
      return {
        status: 409,
        message: refusal.chassis
          ? `Unit ${refusal.chassis} is not held.`
          : "This hold has ended: nothing is held by it.",
      };
    case "too-few-to-hold":
      return {
        status: 409,
        message: `Only ${refusal.free} unheld at ${refusal.place}, fewer than the ${refusal.asked} asked for. Nothing was held.`,
      };
    case "hold-a-unit":
      return {
        status: 409,
        message: `${refusal.bike} is tracked by unit: hold one of its units instead.`,
      };
    case "all-held":
      return {
        status: 409,
        message: `Every unit at ${refusal.place} is held for a customer (${refusal.held} held). Nothing was delivered.`,
      };
    case "units-do-not-match-stock":
      return {
        status: 409,
        message: `${refusal.place} holds ${refusal.stock} of this model, and ${refusal.listed} units were listed there: list every unit. Tracking stays off.`,
      };
    case "units-in-transit":
      return {
        status: 409,
        message: `${refusal.inTransit} of this model are in transit: receive them first. Tracking stays as it was.`,
      };
    case "holds-open":
      return {
        status: 409,
        message: `${refusal.held} of this model are held for customers: release or deliver them first. Tracking stays as it was.`,
      };
  }
}
