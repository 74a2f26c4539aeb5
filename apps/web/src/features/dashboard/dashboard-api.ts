import { useQuery } from "@tanstack/react-query";
import { dashboardSchema } from "@ultimate-bikes/contract/dashboard";
import { apiRequest } from "../../lib/api-client";
import { useRefreshOnStockChange } from "../../lib/use-refresh-on-stock-change";
import { DASHBOARD_PATH } from "./dashboard-api-paths";

const dashboardKey = ["dashboard"] as const;

/** The warehouse in numbers, asked again whenever the live stream says the stock changed. */
export function useDashboard() {
  useRefreshOnStockChange(dashboardKey);
  return useQuery({
    queryKey: dashboardKey,
    queryFn: () => apiRequest(DASHBOARD_PATH, dashboardSchema),
  });
}
