import {
  PHOTO_UPLOAD_MAX_BYTES,
  PHOTO_UPLOAD_TYPES,
  uploadedPhotoSchema,
} from "@ultimate-bikes/contract/bikes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors, HttpError } from "../plugins/errors.ts";
import { photoSizesOf, PHOTO_WIDTHS } from "./photo-sizes.ts";
import type { PhotoRepository } from "./photos-repository.ts";

/** Where uploaded photos are served: under /images/, so any site may show them (ADR 013). */
export const UPLOADED_PHOTOS_PATH = "/images/uploads";

/** `{id}.webp` is the largest size; `{id}-{width}.webp` a smaller one. */
const PHOTO_FILE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-(\d+))?\.webp$/;

/** A photo never changes under its name: a new upload gets a new one. */
const FOREVER = "public, max-age=31536000, immutable";

/** `POST /api/photos`: upload a bike photo (signed in); its body is the image itself. */
export async function photoUploadRoutes(
  app: FastifyInstance,
  { photos, authentication }: { photos: PhotoRepository; authentication: Authentication },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The declared type only lets the body in; what it is comes from its bytes (photo-sizes.ts).
  app.addContentTypeParser(
    [...PHOTO_UPLOAD_TYPES, "application/octet-stream"],
    { parseAs: "buffer", bodyLimit: PHOTO_UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  routes.post(
    "/photos",
    {
      onRequest: authentication.requireUser,
      bodyLimit: PHOTO_UPLOAD_MAX_BYTES,
      schema: {
        tags: ["bikes"],
        summary:
          "Upload a bike photo (JPEG, PNG or WebP, at most 5 MB): where it is, for a bike's photo",
        body: z.custom<Buffer>((value) => Buffer.isBuffer(value), "must be the image's bytes"),
        response: { 201: uploadedPhotoSchema, ...errors(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const resized = await photoSizesOf(request.body);
      if (!resized.ok) {
        const field = { field: "body", message: resized.problem };
        throw new HttpError(400, `The photo ${resized.problem}.`, { fields: [field] });
      }
      const id = randomUUID();
      await photos.save(id, resized.sizes, signedInUser(request).id);
      return reply.code(201).send({ photo: `${UPLOADED_PHOTOS_PATH}/${id}.webp` });
    },
  );
}

/** `GET /images/uploads/{file}`: an uploaded photo, cached for good. */
export async function uploadedPhotoRoutes(
  app: FastifyInstance,
  { photos }: { photos: PhotoRepository },
) {
  app.get<{ Params: { file: string } }>(`${UPLOADED_PHOTOS_PATH}/:file`, async (request, reply) => {
    const match = PHOTO_FILE.exec(request.params.file);
    const width = match?.[2] === undefined ? PHOTO_WIDTHS[0] : Number(match[2]);
    const photo = match && (await photos.find(match[1]!, width));
    if (!photo) throw new HttpError(404, "No photo with that name");
    return reply.type(photo.contentType).header("cache-control", FOREVER).send(photo.bytes);
  });
}
