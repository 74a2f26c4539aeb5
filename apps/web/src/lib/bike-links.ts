import { bikeIdSchema } from "@ultimate-bikes/contract/bikes";
import { bikePagePath } from "./paths";

/** The absolute address of a bike's page on this site: what its QR code holds. */
export const bikeAddress = (id: string, origin = window.location.origin) =>
  `${origin}${bikePagePath(id)}`;

/**
 * The bike a scanned or typed text names: one of our bike addresses (this site, `/inventory/{id}`)
 * or a bare id. Anything else names no bike of ours.
 */
export function bikeIdFrom(text: string, origin = window.location.origin): string | undefined {
  const trimmed = text.trim();
  if (bikeIdSchema.safeParse(trimmed).success) return trimmed.toLowerCase();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const id = /^\/inventory\/(?:inventory\/)?([^/]+)\/?$/.exec(url.pathname)?.[1];
  return id && bikeIdSchema.safeParse(id).success ? id.toLowerCase() : undefined;
}
