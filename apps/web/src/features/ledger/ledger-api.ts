import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  ledgerPageSchema,
  ledgerPeopleSchema,
  type LedgerQueryInput,
} from "@ultimate-bikes/contract/ledger";
import { API_BASE_PATH } from "@ultimate-bikes/contract/paths";
import { stockPageSchema } from "@ultimate-bikes/contract/stock";
import { apiRequest } from "../../lib/api-client";

/** How many bikes the bike filter suggests at a time. */
const SUGGESTIONS = 8;

/**
 * The ledger's filters as the page keeps them in its URL; `bike` is a bike as a person names it
 * (its stock number, id or name: the server finds it).
 */
export type LedgerFilters = Pick<
  LedgerQueryInput,
  "bike" | "actor" | "kind" | "place" | "from" | "to"
>;

/** The query string of a filtered read: set filters only, in a fixed order. */
export function ledgerSearch(filters: LedgerFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...extra })) {
    if (value) params.set(name, String(value));
  }
  return params.toString();
}

/** The whole ledger, newest first, a page at a time; live stock events refetch the first. */
export const useLedger = (filters: LedgerFilters, enabled = true) =>
  useInfiniteQuery({
    enabled,
    queryKey: ["bikes", "ledger", filters],
    queryFn: ({ pageParam }) =>
      apiRequest(
        `/movements?${ledgerSearch(filters, pageParam ? { cursor: pageParam } : {})}`,
        ledgerPageSchema,
      ),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useLedgerPeople = () =>
  useQuery({
    queryKey: ["bikes", "ledger", "people"],
    queryFn: () => apiRequest("/movements/people", ledgerPeopleSchema),
  });

/** Bikes whose name, supplier, description or stock number start with `words`, for the picker. */
export const useBikeSuggestions = (words: string, enabled: boolean) =>
  useQuery({
    enabled: enabled && words !== "",
    queryKey: ["bikes", "stock", "ledger-picker", words],
    queryFn: () =>
      apiRequest(
        `/stock?${new URLSearchParams({ q: words, limit: String(SUGGESTIONS) })}`,
        stockPageSchema,
      ),
  });

/** The export's address: the browser downloads it with the session's cookie. */
export const ledgerExportUrl = (filters: LedgerFilters) =>
  `${API_BASE_PATH}/movements.csv?${ledgerSearch(filters)}`;
