import { z } from "zod";
import { transferSchema } from "./transfers.ts";

/** One field a request got wrong, named by its path in the body, params or query. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});

/** The one error shape every `/api` route answers with. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  /**
   * On an error from the account service (`/api/auth/*`): its machine-readable code, such as
   * `INVALID_EMAIL_OR_PASSWORD`, which better-auth's browser client reads.
   */
  code: z.string().optional(),
  /** On a stock conflict (409): the quantity actually stored now, so the caller can recover. */
  currentQuantity: z.number().int().optional(),
  /**
   * On a transfer's step refused for its state (409): the transfer as it is now (already sent,
   * received or cancelled, by whom and when), so the caller can show it without asking again.
   */
  transfer: transferSchema.optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;
