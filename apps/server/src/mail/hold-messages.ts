import { message } from "./message-layout.ts";

/** To the member of staff who made a hold: it has ended by itself, the units are available again. */
export function holdExpiredMessage(
  to: string,
  name: string,
  hold: {
    bikeName: string;
    chassis: string | null;
    units: number;
    place: string;
    customerName: string;
    expiresAt: string;
  },
  link: string,
) {
  const what = hold.chassis
    ? `${hold.bikeName} ${hold.chassis}`
    : `${hold.units} units of ${hold.bikeName}`;
  const until = new Date(hold.expiresAt).toUTCString();
  return message(
    to,
    `Hold expired: ${what} for ${hold.customerName}`,
    `Hello ${name},`,
    [
      `Your hold of ${what} at ${hold.place} for ${hold.customerName} expired on ${until}.`,
      "It is available to everyone again. If the customer still wants it, hold it again.",
    ],
    "Open it",
    link,
  );
}
