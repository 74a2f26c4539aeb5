import { useQuery, type QueryClient } from "@tanstack/react-query";
import {
  accountSchema,
  canChangeStock,
  canManagePeople,
  type Account,
  type Role,
} from "@ultimate-bikes/contract/roles";
import { apiRequest } from "./api-client";
import { ACCOUNT_PATH } from "./account-path";
import { useSession } from "./auth-client";

/** The query key of the signed-in account; the People page invalidates it after a role change. */
export const accountQueryKey = (userId: string | undefined) => ["account", userId] as const;

/** After something changed what the caller may do (a verified email, a new role): ask again. */
export const refreshAccount = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ["account"] });

/** Each role's name as every screen shows it. */
export const ROLE_LABELS: Record<Role, string> = {
  member: "Member",
  staff: "Staff",
  admin: "Admin",
};

export interface AccountState {
  /** Undefined while nobody is signed in or the account is loading. */
  account: Account | undefined;
  isPending: boolean;
  /** Deliver, import, delete warehouse stock, restore (docs/decisions/014). */
  canChangeStock: boolean;
  canManagePeople: boolean;
  /** The role a verified email will bring (an invitation, ADMIN_EMAILS), when more than `role`. */
  pendingRole: Role | null;
}

/**
 * The signed-in account with its role, so each screen shows only what the role may do. The server
 * checks every call anyway; this only spares people buttons that would answer 403.
 */
export function useAccount(): AccountState {
  const session = useSession();
  const userId = session.data?.user.id;
  const query = useQuery({
    queryKey: accountQueryKey(userId),
    queryFn: () => apiRequest(ACCOUNT_PATH, accountSchema.nullable()),
    enabled: userId !== undefined,
    staleTime: 60_000,
  });
  const account = userId === undefined ? undefined : (query.data ?? undefined);
  return {
    account,
    isPending: session.isPending || (userId !== undefined && query.isPending),
    canChangeStock: account !== undefined && canChangeStock(account.role),
    canManagePeople: account !== undefined && canManagePeople(account.role),
    pendingRole: account?.pendingRole ?? null,
  };
}
