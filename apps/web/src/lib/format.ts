const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const count = new Intl.NumberFormat("en-US");
const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

export const formatPrice = (price: number) => dollars.format(price);

/** A whole number with thousands separators, e.g. 37,210. */
export const formatCount = (value: number) => count.format(value);

/** How many bikes a list holds, e.g. "1 bike", "37 bikes", "37,210 bikes". */
export const formatBikeCount = (total: number) =>
  `${formatCount(total)} ${total === 1 ? "bike" : "bikes"}`;

/** A moment from the API (ISO 8601), e.g. "22 Nov 2026, 14:05". */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
