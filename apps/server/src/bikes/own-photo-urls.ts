import type { preValidationHookHandler } from "fastify";

/**
 * The API answers a photo stored as a path on this site as an absolute URL on PUBLIC_URL
 * (bike-rows.ts). A client that sends that URL back, a script copying a bike, gets it stored as the
 * path it came from: on a plain http install the URL itself would be refused (a photo on another
 * site must be https:), and a path follows a later change of PUBLIC_URL. Runs before validation,
 * which then judges the path like any other.
 */
export function ownPhotoUrlsAsPaths(publicUrl: string): preValidationHookHandler {
  const prefix = `${publicUrl}/`;
  return (request, _reply, done) => {
    const body = request.body as { photo?: unknown } | null | undefined;
    if (typeof body === "object" && body !== null && typeof body.photo === "string") {
      if (body.photo.startsWith(prefix)) body.photo = body.photo.slice(publicUrl.length);
    }
    done();
  };
}
