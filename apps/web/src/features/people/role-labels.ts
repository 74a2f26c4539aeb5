import type { AccessPolicy } from "@ultimate-bikes/contract/roles";

/** The access policy in one sentence, for the top of the People page. */
export const POLICY_SENTENCES: Record<AccessPolicy, string> = {
  open: "Everyone who signs up is staff.",
  invite: "New accounts are members until an admin makes them staff.",
};
