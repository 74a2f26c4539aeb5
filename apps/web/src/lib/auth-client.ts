import { useQuery } from "@tanstack/react-query";
import type { Account } from "@ultimate-bikes/contract/roles";
import { ACCOUNT_PATH } from "./account-path";

/**
 * Who is signed in, as every screen needs it: `GET /api/account`, which answers null for a
 * visitor. The shell gets it without better-auth's browser client (better-auth-client.ts, loaded
 * where people sign in, up or out) and without the contract's schemas, which load with the first
 * answer: the first paint needs neither (docs/performance.md).
 *
 * Its query key is ["account"], so what refreshes the account (refreshAccount in account.ts, the
 * invalidation after a sign-in) refreshes who is signed in too.
 */
const sessionQueryKey = ["account"] as const;

async function fetchSignedInAccount(): Promise<Account | null> {
  const [{ apiRequest }, { accountSchema }] = await Promise.all([
    import("./api-client"),
    import("@ultimate-bikes/contract/roles"),
  ]);
  return apiRequest(ACCOUNT_PATH, accountSchema.nullable());
}

export interface SessionState {
  /** Undefined while loading, null for a visitor. */
  data: { user: Account } | null | undefined;
  isPending: boolean;
}

export function useSession(): SessionState {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: async ({ client }) => {
      const account = await fetchSignedInAccount();
      // useAccount (account.ts) asks for the same answer under the user's id: it has it now.
      if (account) client.setQueryData(["account", account.id], account);
      return account;
    },
    staleTime: 60_000,
  });
  const account = query.data;
  return {
    data: account ? { user: account } : query.isPending ? undefined : null,
    isPending: query.isPending,
  };
}
