import { roleSchema, type AccessPolicy, type Role } from "@ultimate-bikes/contract/roles";

export interface AccessSettings {
  policy: AccessPolicy;
  /** Lowercased, as every stored email is. */
  adminEmails: readonly string[];
}

export interface RoleHolder {
  email: string;
  emailVerified: boolean;
  /** The stored role; anything unknown counts as a member. */
  role: unknown;
}

/**
 * What an account may do (docs/decisions/014). Admin and staff rights need a verified email, so
 * nobody gains them by signing up with an address that is not theirs; ADMIN_EMAILS names admins
 * without any stored change. Under `open` every signed-in user is at least staff, as in the spec.
 */
export function effectiveRole(account: RoleHolder, access: AccessSettings): Role {
  const stored = roleSchema.safeParse(account.role);
  const storedRole: Role = stored.success ? stored.data : "member";
  if (account.emailVerified) {
    if (storedRole === "admin" || access.adminEmails.includes(account.email)) return "admin";
    if (storedRole === "staff") return "staff";
  }
  return access.policy === "open" ? "staff" : "member";
}

/**
 * The role an account will have once its email is verified, when that is more than it has now:
 * an invited member of staff, or an admin by ADMIN_EMAILS or by an admin's choice, who has not
 * opened the mailed link yet. Null when verifying would change nothing.
 */
export function pendingRole(account: RoleHolder, access: AccessSettings): Role | null {
  if (account.emailVerified) return null;
  const once = effectiveRole({ ...account, emailVerified: true }, access);
  return once === effectiveRole(account, access) ? null : once;
}
