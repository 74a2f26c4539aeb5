import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  bikeListSchema,
  bikeSchema,
  itemListSchema,
  deletedSchema,
  insertedSchema,
  stockMovementListSchema,
  type Bike,
  type NewBike,
} from "@ultimate-bikes/contract/bikes";
import { withAccessToken } from "../../lib/access-token";
import { apiRequest } from "../../lib/api-client";

/**
 * Query keys for bikes. Everything that shows a bike sits under ["bikes"], so one invalidation
 * after any change refreshes every list, card, item and ledger that could show it.
 */
export const bikeKeys = {
  all: ["bikes"] as const,
  list: () => [...bikeKeys.all, "list"] as const,
  detail: (id: string) => [...bikeKeys.all, "detail", id] as const,
  movements: (id: string) => [...bikeKeys.all, "movements", id] as const,
  items: (email: string) => [...bikeKeys.all, "items", email] as const,
};

const bikePath = (id: string) => `/bikes/${encodeURIComponent(id)}`;

/** `GET /items?email=` with the bearer token (docs/product.md, API). */
const fetchMyItems = (email: string) =>
  withAccessToken(email, (token) =>
    apiRequest(`/items?email=${encodeURIComponent(email)}`, itemListSchema, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );

const bikeQueries = {
  list: () =>
    queryOptions({
      queryKey: bikeKeys.list(),
      queryFn: () => apiRequest("/bikes", bikeListSchema),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: bikeKeys.detail(id),
      queryFn: () => apiRequest(bikePath(id), bikeSchema),
    }),
  movements: (id: string) =>
    queryOptions({
      queryKey: bikeKeys.movements(id),
      queryFn: () => apiRequest(`${bikePath(id)}/movements?limit=10`, stockMovementListSchema),
    }),
  items: (email: string) =>
    queryOptions({ queryKey: bikeKeys.items(email), queryFn: () => fetchMyItems(email) }),
};

export const useBikes = () => useQuery(bikeQueries.list());
export const useBike = (id: string) => useQuery(bikeQueries.detail(id));
export const useMovements = (id: string) => useQuery(bikeQueries.movements(id));
export const useMyItems = (email: string) => useQuery(bikeQueries.items(email));

/** After a change: show the server's answer at once, then refresh everything else. */
function useStockChange<Variables>(request: (variables: Variables) => Promise<Bike>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (bike) => queryClient.setQueryData(bikeKeys.detail(bike._id), bike),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bikeKeys.all }),
  });
}

export const useDeliverOne = (id: string) =>
  useStockChange(() => apiRequest(`${bikePath(id)}/deliveries`, bikeSchema, { method: "POST" }));

export const useImportUnits = (id: string) =>
  useStockChange((amount: number) =>
    apiRequest(`${bikePath(id)}/imports`, bikeSchema, { method: "POST", body: { amount } }),
  );

/** Deletes a bike (Manage Inventory) or cancels an item (My Items); both drop it from every list. */
function useRemoval(pathFor: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(pathFor(id), deletedSchema, { method: "DELETE" }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Bike[]>(bikeKeys.list(), (bikes) =>
        bikes?.filter((bike) => bike._id !== id),
      );
      queryClient.removeQueries({ queryKey: bikeKeys.detail(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bikeKeys.all }),
  });
}

export const useDeleteBike = () => useRemoval(bikePath);
export const useCancelItem = () => useRemoval((id) => `/items/${encodeURIComponent(id)}`);

export function useAddBike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bike: NewBike) =>
      apiRequest("/bikes", insertedSchema, { method: "POST", body: bike }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bikeKeys.all }),
  });
}
