import { CHASSIS_LENGTH, UNIT_STATUS_LABELS, type Unit } from "@ultimate-bikes/contract/units";
import Badge from "react-bootstrap/Badge";
import { formatDateTime } from "../../lib/format";

/**
 * ISO 3779's parts: who made it (3), what it is (6, the check digit last), which one (8). Read
 * aloud or compared with a frame, a chassis number is read in these groups.
 */
const chassisGroups = (chassis: string) =>
  chassis.length === CHASSIS_LENGTH
    ? [chassis.slice(0, 3), chassis.slice(3, 9), chassis.slice(9)]
    : [chassis];

/**
 * A chassis number in monospace, its groups set apart by space on screen only: copied, it is
 * the number as stored, and a screen reader reads it whole.
 */
export function ChassisNumber({ chassis }: { chassis: string }) {
  return (
    <span className="font-monospace chassis-number text-break">
      {chassisGroups(chassis).map((group, index) => (
        <span key={index}>{group}</span>
      ))}
    </span>
  );
}

const STATUS_VARIANTS: Record<Unit["status"], string> = {
  in_stock: "success",
  held: "warning",
  in_transit: "info",
  delivered: "secondary",
  missing: "danger",
};

/** A unit's status as a badge. */
export function UnitStatusBadge({ status }: { status: Unit["status"] }) {
  return (
    <Badge bg={STATUS_VARIANTS[status]} text={status === "held" ? "dark" : undefined}>
      {UNIT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Who a held unit is kept for, by whom, until when: the words the badge and the page share. */
export const holdText = (hold: NonNullable<Unit["hold"]>) =>
  `for ${hold.customerName}${hold.madeBy ? ` by ${hold.madeBy}` : ""}, until ${formatDateTime(hold.expiresAt)}`;
