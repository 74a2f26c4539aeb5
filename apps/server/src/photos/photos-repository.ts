import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

const WEBP = "image/webp";

/** Uploaded photos' bytes, each size a row (migration 013). */
export function createPhotoRepository(db: Kysely<Database>) {
  return {
    async save(id: string, sizes: { width: number; bytes: Buffer }[], uploadedBy: string) {
      const createdAt = new Date().toISOString();
      await db
        .insertInto("uploaded_photo")
        .values(
          sizes.map(({ width, bytes }) => ({
            id,
            width,
            content_type: WEBP,
            bytes,
            uploaded_by: uploadedBy,
            created_at: createdAt,
          })),
        )
        .execute();
    },

    async find(
      id: string,
      width: number,
    ): Promise<{ bytes: Buffer; contentType: string } | undefined> {
      const row = await db
        .selectFrom("uploaded_photo")
        .select(["bytes", "content_type"])
        .where("id", "=", id)
        .where("width", "=", width)
        .executeTakeFirst();
      return row && { bytes: Buffer.from(row.bytes), contentType: row.content_type };
    },
  };
}

export type PhotoRepository = ReturnType<typeof createPhotoRepository>;
