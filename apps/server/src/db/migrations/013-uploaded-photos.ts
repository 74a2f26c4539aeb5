import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * Uploaded bike photos (issue 13, docs/decisions/019): each upload kept at the sizes the pages
 * show, in the database, so every app server sharing it serves every photo.
 */
export function createUploadedPhotos(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("uploaded_photo")
        .addColumn("id", "text", (column) => column.notNull())
        .addColumn("width", "integer", (column) => column.notNull())
        .addColumn("content_type", "text", (column) => column.notNull())
        .addColumn("bytes", kind === "postgres" ? sql`bytea` : sql`blob`, (column) =>
          column.notNull(),
        )
        .addColumn("uploaded_by", "text")
        .addColumn("created_at", kind === "postgres" ? sql`timestamptz` : sql`text`, (column) =>
          column.notNull(),
        )
        .addPrimaryKeyConstraint("uploaded_photo_pk", ["id", "width"])
        .execute();
    },
  };
}
