import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unitPageSchema } from "@ultimate-bikes/contract/unit-history";
import {
  bikeUnitsPath,
  unitListResponseSchema,
  unitPath,
  unitSchema,
} from "@ultimate-bikes/contract/units";
import { useEffect } from "react";
import { apiRequest } from "./api-client";
import { onStockChange } from "./stock-change-signal";

/*
 * Units (issue 24): a tracked model's motorbikes one by one. Read by the bike page (its units per
 * place) and the unit page; shared here, as features do not import each other.
 */

export const unitKeys = {
  all: ["units"] as const,
  ofBike: (bikeId: string) => [...unitKeys.all, "bike", bikeId] as const,
  page: (id: string) => [...unitKeys.all, "page", id] as const,
};

/** A bike's units still in the warehouse's hands (in stock, held, in transit), oldest first. */
const bikeUnitsQuery = (bikeId: string) =>
  queryOptions({
    queryKey: unitKeys.ofBike(bikeId),
    queryFn: async () =>
      (await apiRequest(bikeUnitsPath(bikeId), unitListResponseSchema)).filter(
        (unit) => unit.status !== "delivered" && unit.status !== "missing",
      ),
  });

export const useBikeUnits = (bikeId: string, enabled = true) =>
  useQuery({ ...bikeUnitsQuery(bikeId), enabled });

/** One unit and its whole history. */
export const useUnitPage = (id: string) =>
  useQuery({
    queryKey: unitKeys.page(id),
    queryFn: () => apiRequest(unitPath(id), unitPageSchema),
  });

/**
 * Asks again for the units of `bikeId` (its list and any unit page) whenever the live stream says
 * that bike's stock changed: a colleague's delivery, hold or transfer moves its units.
 */
export function useRefreshUnitsOnStockChange(bikeId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!bikeId) return;
    return onStockChange((event) => {
      if (event.bikeId === bikeId) void queryClient.invalidateQueries({ queryKey: unitKeys.all });
    });
  }, [queryClient, bikeId]);
}

/** What a hold records: the customer, their deposit receipt, and when it ends (ISO 8601). */
export interface HoldRequest {
  customerName: string;
  customerPhone: string;
  reference?: string;
  expiresAt: string;
}

/**
 * A change to a unit's hold, answered with the unit. A hold moves the bike's available count,
 * its ledger and its units: every query on screen asks again.
 */
function useHoldChange<Variables>(path: (unitId: string) => string, unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Variables) =>
      apiRequest(path(unitId), unitSchema, { method: "POST", body: body ?? {} }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export const useHoldUnit = (unitId: string) =>
  useHoldChange<HoldRequest>((id) => `${unitPath(id)}/hold`, unitId);
export const useReleaseUnit = (unitId: string) =>
  useHoldChange<void>((id) => `${unitPath(id)}/release`, unitId);
export const useExtendHold = (unitId: string) =>
  useHoldChange<{ expiresAt: string }>((id) => `${unitPath(id)}/hold/extend`, unitId);
