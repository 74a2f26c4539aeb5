import { z } from "zod";

/** Limits that keep every stored number exact and far from integer overflow. */
export const PRICE_MAX = 10_000_000;
export const QUANTITY_MAX = 1_000_000;

/** Home shows the first six bikes of the list (spec §9). */
export const FEATURED_BIKE_COUNT = 6;

export const bikeIdSchema = z.uuid();

export const bikeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photo: z.string(),
  des: z.string(),
  /** US dollars, at most two decimals. */
  price: z.number(),
  quantity: z.number().int(),
  supplierName: z.string(),
});

export const bikeListSchema = z.array(bikeSchema);

export type Bike = z.infer<typeof bikeSchema>;
