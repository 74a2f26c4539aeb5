import { createHash } from "node:crypto";

/** Weak: compression changes the bytes, not the meaning. The same on every server. */
export function etagOf(version: number, key: string): string {
  const hash = createHash("sha1").update(key).digest("base64url").slice(0, 16);
  return `W/"v${version}-${hash}"`;
}

/** If-None-Match holds the tag (weak comparison, RFC 9110 section 13.1.2) or is `*`. */
export function ifNoneMatchHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}
