import { useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardSchema } from "@ultimate-bikes/contract/dashboard";
import { useEffect } from "react";
import { apiRequest } from "../../lib/api-client";
import { onStockChange } from "../../lib/stock-change-signal";
import { DASHBOARD_PATH } from "./dashboard-api-paths";

const dashboardKey = ["dashboard"] as const;

/** A burst of changes (an import of a file, a busy hour) asks once, after it settles a moment. */
const REFRESH_DELAY_MS = 500;

/** The warehouse in numbers, asked again whenever the live stream says the stock changed. */
export function useDashboard() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onStockChange(() => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: dashboardKey }),
        REFRESH_DELAY_MS,
      );
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [queryClient]);
  return useQuery({
    queryKey: dashboardKey,
    queryFn: () => apiRequest(DASHBOARD_PATH, dashboardSchema),
  });
}
