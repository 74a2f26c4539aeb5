import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { stockPageSchema } from "@ultimate-bikes/contract/stock";
import {
  transferPageSchema,
  transferPath,
  transferSchema,
  TRANSFERS_PATH,
  transferStepPath,
  type NewTransferInput,
  type ReceiveTransferInput,
  type Transfer,
  type TransferStatus,
} from "@ultimate-bikes/contract/transfers";
import { useEffect } from "react";
import { ApiRequestError, apiRequest } from "../../lib/api-client";
import { onStockChange } from "../../lib/stock-change-signal";

/** How many transfers the list shows at first, and how many more at each "Load more". */
const LIST_PAGE = 25;

/** How many bikes the line picker suggests at a time. */
const SUGGESTIONS = 8;

/** The list's filters, as its address keeps them (`?status=&place=`). */
export interface TransferFilters {
  status?: TransferStatus;
  place?: string;
}

export const transferKeys = {
  all: ["transfers"] as const,
  list: (filters: TransferFilters) => [...transferKeys.all, "list", filters] as const,
  detail: (id: string) => [...transferKeys.all, "detail", id] as const,
};

/** Transfers newest first, a page at a time. */
export const useTransferList = (filters: TransferFilters) =>
  useInfiniteQuery({
    queryKey: transferKeys.list(filters),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(LIST_PAGE) });
      if (filters.status) query.set("status", filters.status);
      if (filters.place) query.set("place", filters.place);
      if (pageParam) query.set("cursor", pageParam);
      return apiRequest(`${TRANSFERS_PATH}?${query.toString()}`, transferPageSchema);
    },
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useTransfer = (id: string) =>
  useQuery({
    queryKey: transferKeys.detail(id),
    queryFn: () => apiRequest(transferPath(id), transferSchema),
  });

/** After a step: the transfer as the server answered it, and every list asks again. */
function remember(queryClient: QueryClient, transfer: Transfer) {
  queryClient.setQueryData(transferKeys.detail(transfer.id), transfer);
  void queryClient.invalidateQueries({ queryKey: [...transferKeys.all, "list"] });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transfer: NewTransferInput) =>
      apiRequest(TRANSFERS_PATH, transferSchema, { method: "POST", body: transfer }),
    onSuccess: (transfer) => remember(queryClient, transfer),
  });
}

export type TransferStep =
  { step: "send" } | { step: "cancel" } | { step: "receive"; body: ReceiveTransferInput };

/**
 * Send, cancel or receive. A 409 means someone else moved the transfer on first: the page asks
 * for its current state, and shows the server's message beside it.
 */
export function useTransferStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TransferStep) =>
      apiRequest(transferStepPath(id, action.step), transferSchema, {
        method: "POST",
        body: action.step === "receive" ? action.body : undefined,
      }),
    onSuccess: (transfer) => remember(queryClient, transfer),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: transferKeys.all });
      }
    },
  });
}

/**
 * Bikes with units at `placeId` whose name, supplier or stock number start with `words`, each
 * with its units there, for a line's picker.
 */
export const useBikeSuggestions = (words: string, placeId: string) =>
  useQuery({
    enabled: words !== "",
    queryKey: ["bikes", "stock", "transfer-picker", placeId, words],
    queryFn: () => {
      const query = new URLSearchParams({ q: words, place: placeId, limit: String(SUGGESTIONS) });
      return apiRequest(`/stock?${query.toString()}`, stockPageSchema);
    },
  });

/** One bike with its units at each place (a line says how many its source has). */
export const useBikeStock = (bikeId: string) =>
  useQuery({
    queryKey: ["bikes", "detail", bikeId],
    queryFn: () => apiRequest(`/bikes/${encodeURIComponent(bikeId)}`, bikeSchema),
  });

/** A burst of movements (a 20-line send) asks once, when it has settled a moment. */
const REFRESH_DELAY_MS = 200;

/**
 * Live transfers: a movement of a transfer (sent, received, short) arriving on the app's stock
 * stream makes every transfer on screen ask the server again. Mounted by the transfer screens.
 */
export function useLiveTransfers() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onStockChange((event) => {
      if (event.transferId === null) return;
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: transferKeys.all }),
        REFRESH_DELAY_MS,
      );
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
