import { transferIdSchema } from "@ultimate-bikes/contract/transfers";
import { transferPagePath } from "./paths";

/** The absolute address of a transfer's page on this site: what its sheet's QR code holds. */
export const transferAddress = (id: string, origin = window.location.origin) =>
  `${origin}${transferPagePath(id)}`;

/**
 * The transfer a scanned text names: one of our transfer addresses (this site,
 * `/transfers/{id}`). Anything else names no transfer of ours.
 */
export function transferIdFrom(text: string, origin = window.location.origin): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const id = /^\/transfers\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  return id && transferIdSchema.safeParse(id).success ? id.toLowerCase() : undefined;
}
