import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { bikeSchema, type Bike } from "@ultimate-bikes/contract/bikes";
import {
  deletedBikeListSchema,
  type DeletedBikeList,
} from "@ultimate-bikes/contract/deleted-bikes";
import { apiRequest } from "../../lib/api-client";
import { bikeKeys } from "./bikes-api";

/**
 * Recently deleted and restoring (docs/decisions/015). Its key sits under ["bikes"], so every
 * change that invalidates the bikes (a delete above all) refreshes it too.
 */
export const deletedBikeKeys = {
  list: () => [...bikeKeys.all, "deleted"] as const,
};

const deletedBikesQuery = () =>
  queryOptions({
    queryKey: deletedBikeKeys.list(),
    queryFn: () => apiRequest("/deleted-bikes", deletedBikeListSchema),
  });

/** Staff only: the server answers anyone else 403, so pages ask only for staff. */
export const useDeletedBikes = () => useQuery(deletedBikesQuery());

interface RestoreCallbacks {
  onRestored?: (bike: Bike) => void;
  onFailed?: (error: Error) => void;
}

/**
 * Puts a deleted bike back. The callbacks belong to the mutation, not to one call of it, so they
 * still run when the component that asked is gone (an Undo toast that closed meanwhile).
 */
export function useRestoreBike({ onRestored, onFailed }: RestoreCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/deleted-bikes/${encodeURIComponent(id)}/restore`, bikeSchema, {
        method: "POST",
      }),
    onSuccess: (bike) => {
      queryClient.setQueryData(bikeKeys.detail(bike._id), bike);
      queryClient.setQueryData<DeletedBikeList>(
        deletedBikeKeys.list(),
        (list) =>
          list && { ...list, items: list.items.filter((deleted) => deleted._id !== bike._id) },
      );
      onRestored?.(bike);
    },
    onError: onFailed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bikeKeys.all }),
  });
}
