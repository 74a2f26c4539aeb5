import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lowStockAlertsSchema } from "@ultimate-bikes/contract/alerts";
import { apiRequest } from "../../lib/api-client";

const ALERTS_PATH = "/account/low-stock-alerts";
const alertsKey = ["account", "low-stock-alerts"] as const;

/** Whether the signed-in member of staff gets low-stock mails; asked only for staff. */
export const useLowStockAlerts = (enabled: boolean) =>
  useQuery({
    queryKey: alertsKey,
    queryFn: () => apiRequest(ALERTS_PATH, lowStockAlertsSchema),
    enabled,
  });

export function useSetLowStockAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) =>
      apiRequest(ALERTS_PATH, lowStockAlertsSchema, { method: "PUT", body: { subscribed } }),
    onSuccess: (alerts) => queryClient.setQueryData(alertsKey, alerts),
  });
}
