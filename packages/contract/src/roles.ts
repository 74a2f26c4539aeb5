import { z } from "zod";

/**
 * Who may do what (docs/decisions/014). A member adds, sees and cancels only their own bikes;
 * staff deliver, import and delete warehouse stock and restore deleted bikes; an admin is staff
 * who also manages people.
 */
export const ROLES = ["member", "staff", "admin"] as const;

export const roleSchema = z.enum(ROLES);

export type Role = z.infer<typeof roleSchema>;

/**
 * ACCESS_POLICY: `open` (the spec's behaviour) makes every signed-in user staff; under `invite` a
 * new account is a member until an admin makes it staff.
 */
export const ACCESS_POLICIES = ["open", "invite"] as const;

export type AccessPolicy = (typeof ACCESS_POLICIES)[number];

/** Deliver, import, delete warehouse stock, see every ledger, restore deleted bikes. */
export function canChangeStock(role: Role): boolean {
  return role === "staff" || role === "admin";
}

/** Invite, promote, demote and remove people. */
export function canManagePeople(role: Role): boolean {
  return role === "admin";
}

/** Add, rename, archive and bring back places (issue 23); staff only read them. */
export function canManagePlaces(role: Role): boolean {
  return role === "admin";
}

/** See, make and download backups (issue 27): they hold every account, so admins only. */
export function canManageBackups(role: Role): boolean {
  return role === "admin";
}

/** `GET /api/account`: the signed-in caller as the server sees them, role included. */
export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: roleSchema,
  /**
   * The role a verified email will bring, when more than `role` (an invited member of staff, a
   * configured admin who has not opened the mailed link yet); null or absent otherwise.
   */
  pendingRole: roleSchema.nullable().optional(),
  accessPolicy: z.enum(ACCESS_POLICIES),
  /**
   * The place this person chose as home (issue 23): the default of their stock actions. Null:
   * the main warehouse is.
   */
  homePlaceId: z.string().nullable().default(null),
});

export type Account = z.infer<typeof accountSchema>;
