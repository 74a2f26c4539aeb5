import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";
import { seedBikes } from "./seed-bikes.ts";

/** Fills an empty bike table with the demo stock, each bike with its opening movement. */
export async function seedEmptyDatabase(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("bike").select("id").limit(1).executeTakeFirst();
    if (existing) return 0;
    const start = Date.now();
    for (const [index, bike] of seedBikes.entries()) {
      // One millisecond apart, so the list keeps the seed's order.
      const createdAt = new Date(start + index).toISOString();
      const id = randomUUID();
      await trx
        .insertInto("bike")
        .values({
          id,
          name: bike.name,
          des: bike.des,
          photo: bike.photo,
          price_cents: Math.round(Number(bike.price) * 100),
          quantity: bike.quantity,
          supplier_name: bike.supplierName,
          owner_id: null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      await trx
        .insertInto("stock_movement")
        .values({
          bike_id: id,
          bike_name: bike.name,
          kind: "seed",
          delta: bike.quantity,
          quantity_after: bike.quantity,
          actor_id: null,
          actor_email: null,
          created_at: createdAt,
        })
        .execute();
    }
    return seedBikes.length;
  });
}
