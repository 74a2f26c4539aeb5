import type { Transaction } from "kysely";
import { randomUUID } from "node:crypto";
import type { Database } from "./schema.ts";

/**
 * The showrooms of the demo stock (issue 23): one in each city the site's footer lists. The main
 * warehouse, in Dhaka, comes with migration 020 on every database.
 */
const SEED_SHOWROOMS = [
  {
    name: "Dhaka showroom",
    city: "Dhaka",
    address: "Bir Uttam Mir Shawkat Sarak, Gulshan, Dhaka 1212",
  },
  { name: "Khulna showroom", city: "Khulna", address: "KDA Avenue, Khulna 9100" },
  { name: "Rajshahi showroom", city: "Rajshahi", address: "Shaheb Bazar, Rajshahi 6100" },
  {
    name: "Chittagong showroom",
    city: "Chittagong",
    address: "CDA Avenue, GEC Circle, Chittagong 4000",
  },
  { name: "Sylhet showroom", city: "Sylhet", address: "Zindabazar, Sylhet 3100" },
];

/**
 * Adds the demo showrooms to a database that has no place but the main warehouse; the ids of
 * every open place after, the main warehouse first.
 */
export async function seedShowroomsIfNone(trx: Transaction<Database>): Promise<string[]> {
  const existing = await trx.selectFrom("place").select("id").limit(2).execute();
  if (existing.length === 1) {
    const at = new Date().toISOString();
    await trx
      .insertInto("place")
      .values(
        SEED_SHOWROOMS.map((showroom) => ({
          id: randomUUID(),
          ...showroom,
          kind: "showroom" as const,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
  const places = await trx
    .selectFrom("place")
    .select("id")
    .where("archived_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return places.map((place) => place.id);
}
