import { TEXT_MAX } from "@ultimate-bikes/contract/bikes";
import { placeIdSchema } from "@ultimate-bikes/contract/places";
import {
  SEARCH_TEXT_MAX,
  stockSortSchema,
  stockStatusSchema,
  type StockSort,
} from "@ultimate-bikes/contract/stock";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { defaultSortFor, FIRST_VIEW, type StockView } from "./stock-query";

/** Reads a view from the URL; a value the API would refuse counts as not given. */
export function readStockView(params: URLSearchParams): StockView {
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_TEXT_MAX);
  return {
    q,
    supplier: (params.get("supplier") ?? "").trim().slice(0, TEXT_MAX),
    status: stockStatusSchema.safeParse(params.get("status")).data,
    place: placeIdSchema.safeParse(params.get("place")).data ?? "",
    sort: stockSortSchema.safeParse(params.get("sort")).data ?? defaultSortFor(q),
    cursor: params.get("cursor") || undefined,
  };
}

/** The URL's search part for a view, leaving out what is the default. */
export function stockViewSearch(view: StockView): string {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.supplier) params.set("supplier", view.supplier);
  if (view.status) params.set("status", view.status);
  if (view.place) params.set("place", view.place);
  if (view.sort !== defaultSortFor(view.q)) params.set("sort", view.sort);
  if (view.cursor) params.set("cursor", view.cursor);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * The sort once the search text becomes `q`. The sort nobody chose follows the words: the best
 * match while there are some. Without words there is no best match, so that sort gives way too.
 */
export function sortForSearch(view: StockView, q: string): StockSort {
  const chosen = view.sort !== defaultSortFor(view.q) && view.sort !== "relevance";
  return chosen ? view.sort : defaultSortFor(q);
}

/** The URL's search part for the view's search and filters only (the CSV export's). */
export const stockFilterSearch = (view: StockView) =>
  stockViewSearch({ ...view, sort: defaultSortFor(view.q), cursor: undefined });

/** Whether the view narrows the stock down, so an empty answer means "no match", not "no bikes". */
export const isFiltered = (view: StockView) =>
  Boolean(view.q || view.supplier || view.status !== undefined || view.place);

/**
 * What a history entry remembers beside its URL. `typing`: the entry was made by typing in the
 * search box, so more typing replaces it rather than adding one entry per pause. `trail`: the
 * cursors of the pages before this one ("" for the first), so Previous works and the page number
 * is known.
 */
interface StockHistoryState {
  typing?: boolean;
  trail?: string[];
}

function readHistoryState(state: unknown): StockHistoryState {
  if (typeof state !== "object" || state === null) return {};
  const { typing, trail } = state as Record<string, unknown>;
  return {
    typing: typing === true,
    trail:
      Array.isArray(trail) && trail.every((cursor) => typeof cursor === "string")
        ? trail
        : undefined,
  };
}

/** The view in the URL, and the ways to change it, each leaving the history as a person expects. */
export function useStockView() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const view = readStockView(params);
  const { typing, trail } = readHistoryState(location.state);

  const show = (next: StockView, options: { replace?: boolean; state?: StockHistoryState }) =>
    navigate({ search: stockViewSearch(next) }, options);

  return {
    view,
    /** 1 on the first page; unknown on a later page opened from a link. */
    pageNumber: view.cursor === undefined ? 1 : trail && trail.length + 1,
    hasPreviousPage: view.cursor !== undefined,
    /** New search text: the first change of a search adds a history entry, later ones replace it. */
    search(q: string) {
      if (q === view.q) return;
      show(
        { ...view, q, sort: sortForSearch(view, q), cursor: undefined },
        { replace: typing, state: { typing: true } },
      );
    },
    /** A filter or sort chosen: a history entry of its own, from the first page. */
    choose(change: Partial<Pick<StockView, "supplier" | "status" | "place" | "sort">>) {
      show({ ...view, ...change, cursor: undefined }, {});
    },
    clear: () => show(FIRST_VIEW, {}),
    nextPage(cursor: string) {
      show({ ...view, cursor }, { state: { trail: [...(trail ?? []), view.cursor ?? ""] } });
    },
    /** Back one page when the way here is known, otherwise to the first page. */
    previousPage() {
      const cursor = trail?.at(-1) || undefined;
      show({ ...view, cursor }, { state: { trail: trail?.slice(0, -1) ?? [] } });
    },
  };
}

export type StockViewControls = ReturnType<typeof useStockView>;
