import type { TransferLine } from "@ultimate-bikes/contract/transfers";
import { UNIT_STATUS_LABELS } from "@ultimate-bikes/contract/units";
import { Link } from "react-router";
import { unitPagePath } from "../../lib/paths";

/** The units a line of a model tracked by unit carries, each a link to its page; none else. */
export function LineUnits({ line }: { line: TransferLine }) {
  if (line.units.length === 0) return null;
  return (
    <ul className="list-unstyled small mb-0 mt-1" aria-label={`Units of ${line.bikeName}`}>
      {line.units.map((unit) => (
        <li key={unit.id} className="text-break">
          <Link to={unitPagePath(unit.id)} className="font-monospace">
            {unit.chassis}
          </Link>{" "}
          <span className="text-body-secondary">{UNIT_STATUS_LABELS[unit.status]}</span>
        </li>
      ))}
    </ul>
  );
}
