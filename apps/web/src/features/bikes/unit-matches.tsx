import type { UnitMatch } from "@ultimate-bikes/contract/units";
import { Link } from "react-router";
import { unitPagePath } from "../../lib/paths";

/** Where a unit is, after its model's name: "in stock at Khulna showroom". */
export function unitWhereText({ status, place }: Pick<UnitMatch, "status" | "place">): string {
  if (status === "in_transit" || place === null) {
    return status === "in_transit" ? "in transit" : status.replace("_", " ");
  }
  const where = {
    in_stock: "in stock at",
    held: "held at",
    delivered: "delivered from",
    missing: "missing from",
  }[status];
  return `${where} ${place}`;
}

/**
 * The units a search by chassis or engine number found (staff), above the bikes: each one a
 * link to its page, where it is said in words.
 */
export function UnitMatches({ units }: { units: readonly UnitMatch[] }) {
  if (units.length === 0) return null;
  return (
    <ul className="list-unstyled mb-4" aria-label="Units found by number">
      {units.map((unit) => (
        <li key={unit.id} className="mb-1">
          <Link to={unitPagePath(unit.id)}>
            Unit <span className="font-monospace text-break">{unit.chassis}</span>
          </Link>{" "}
          — {unit.bikeName}, {unitWhereText(unit)}
        </li>
      ))}
    </ul>
  );
}
