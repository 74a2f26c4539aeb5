import type { SignedInUser } from "../auth/authentication.ts";
import { HttpError, notFound } from "../plugins/errors.ts";
import type { BikeRepository } from "./bikes-repository.ts";
import { NO_SUCH_BIKE } from "./stock-errors.ts";

/**
 * Who may remove a bike: its owner always; anyone signed in may also remove warehouse stock
 * (no owner) from Manage Inventory, but a cancel from My Items is for the owner only.
 */
export type RemovalRule = "owner-or-warehouse-stock" | "owner-only";

const refusals: Record<RemovalRule, string> = {
  "owner-or-warehouse-stock": "This bike belongs to another user; only they can remove it.",
  "owner-only": "Only the user who added this item can cancel it.",
};

export async function removeBike(
  bikes: BikeRepository,
  id: string,
  user: SignedInUser,
  rule: RemovalRule,
) {
  const bike = await bikes.ownerOf(id);
  if (!bike) throw notFound(NO_SUCH_BIKE);
  const allowed =
    bike.ownerId === user.id || (rule === "owner-or-warehouse-stock" && bike.ownerId === null);
  if (!allowed) throw new HttpError(403, refusals[rule]);
  // Gone in between (a concurrent delete): still a 404, never a second ledger entry.
  if (!(await bikes.delete(id, user))) throw notFound(NO_SUCH_BIKE);
  return { acknowledged: true, deletedCount: 1 };
}
