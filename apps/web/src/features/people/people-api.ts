import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  invitationResultSchema,
  peopleSchema,
  personSchema,
  removedPersonSchema,
  revokedSchema,
  type InvitationRequest,
} from "@ultimate-bikes/contract/people";
import type { Role } from "@ultimate-bikes/contract/roles";
import { accountQueryKey, useAccount } from "../../lib/account";
import { apiRequest } from "../../lib/api-client";

export const peopleKeys = { all: ["people"] as const };

const personPath = (id: string) => `/people/${encodeURIComponent(id)}`;

const peopleQuery = () =>
  queryOptions({ queryKey: peopleKeys.all, queryFn: () => apiRequest("/people", peopleSchema) });

/** Everyone and the pending invitations; only asked for when the caller is an admin. */
export const usePeople = (enabled: boolean) => useQuery({ ...peopleQuery(), enabled });

/**
 * A change to who may do what: afterwards the list is read again, and so is the signed-in
 * account, whose own rights the change may concern (its role, or whether it still exists).
 */
function usePeopleChange<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  const signedInId = useAccount().account?.id;
  return useMutation({
    mutationFn: request,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountQueryKey(signedInId) }),
      ]),
  });
}

export const useInvite = () =>
  usePeopleChange((invitation: InvitationRequest) =>
    apiRequest("/people/invitations", invitationResultSchema, {
      method: "POST",
      body: invitation,
    }),
  );

export const useRevokeInvitation = () =>
  usePeopleChange((id: string) =>
    apiRequest(`/people/invitations/${encodeURIComponent(id)}`, revokedSchema, {
      method: "DELETE",
    }),
  );

export const useChangeRole = () =>
  usePeopleChange(({ id, role }: { id: string; role: Role }) =>
    apiRequest(personPath(id), personSchema, { method: "PATCH", body: { role } }),
  );

export const useRemovePerson = () =>
  usePeopleChange((id: string) =>
    apiRequest(personPath(id), removedPersonSchema, { method: "DELETE" }),
  );
