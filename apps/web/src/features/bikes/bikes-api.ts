import { useQuery } from "@tanstack/react-query";
import { bikeListSchema, bikeSchema } from "@ultimate-bikes/contract/bikes";
import { apiRequest } from "../../lib/api-client";

/** Query keys for bikes: every list and card reading a bike invalidates through these. */
export const bikeKeys = {
  all: ["bikes"] as const,
  list: () => [...bikeKeys.all, "list"] as const,
  detail: (id: string) => [...bikeKeys.all, "detail", id] as const,
};

export const bikeListQuery = () => ({
  queryKey: bikeKeys.list(),
  queryFn: () => apiRequest("/bikes", bikeListSchema),
});

export const bikeQuery = (id: string) => ({
  queryKey: bikeKeys.detail(id),
  queryFn: () => apiRequest(`/bikes/${encodeURIComponent(id)}`, bikeSchema),
});

export const useBikes = () => useQuery(bikeListQuery());
export const useBike = (id: string) => useQuery(bikeQuery(id));
