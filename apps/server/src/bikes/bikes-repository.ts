import type { Bike } from "@ultimate-bikes/contract/bikes";
import type { Kysely, Selectable } from "kysely";
import type { BikeTable, Database } from "../db/schema.ts";

export function toBike(row: Selectable<BikeTable>): Bike {
  return {
    _id: row.id,
    name: row.name,
    photo: row.photo,
    des: row.des,
    price: Number(row.price_cents) / 100,
    quantity: row.quantity,
    supplierName: row.supplier_name,
  };
}

/** Data access for bikes: the only module that writes SQL against the bike table. */
export function createBikeRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<Bike[]> {
      const rows = await db
        .selectFrom("bike")
        .selectAll()
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(toBike);
    },

    async findById(id: string): Promise<Bike | undefined> {
      const row = await db.selectFrom("bike").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toBike(row);
    },
  };
}

export type BikeRepository = ReturnType<typeof createBikeRepository>;
