import type { AccessPolicy, Role } from "@ultimate-bikes/contract/roles";

export const ROLE_LABELS: Record<Role, string> = {
  member: "Member",
  staff: "Staff",
  admin: "Admin",
};

/** The access policy in one sentence, for the top of the People page. */
export const POLICY_SENTENCES: Record<AccessPolicy, string> = {
  open: "Everyone who signs up is staff.",
  invite: "New accounts are members until an admin makes them staff.",
};
