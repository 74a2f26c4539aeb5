import type { StockEventKind } from "@ultimate-bikes/contract/stock-events";
import { createContext, use, useEffect } from "react";
import { formatCount } from "../../lib/format";

/** A stock change someone else (or this tab) just made, shown for a few seconds. */
export interface StockNotice {
  /** Tells one notice from the next, even about the same bike. */
  key: number;
  bikeId: string;
  name: string;
  kind: StockEventKind;
  /** Units delivered or imported, added up while changes of one kind to one bike keep coming. */
  units: number;
  /**
   * The bike's page was open when the change came, and says it there, beside the quantity or in
   * its removal notice; the app-wide pill leaves it out so nobody hears it twice.
   */
  shownOnBikePage: boolean;
}

export interface LiveStockContextValue {
  notices: readonly StockNotice[];
  /** A page that shows this bike's changes itself registers here while it is open. */
  watch: (bikeId: string) => () => void;
}

/** Without the provider (a page rendered on its own), there is simply nothing live to show. */
export const LiveStockContext = createContext<LiveStockContextValue>({
  notices: [],
  watch: () => () => {},
});

const isCount = (kind: StockEventKind) => kind === "deliver" || kind === "import";

/** What happened to a bike, by the ledger's kind, for the notices that name the bike. */
const HAPPENED: Record<Exclude<StockEventKind, "deliver" | "import">, string> = {
  seed: "added",
  create: "added",
  edit: "edited",
  delete: "deleted",
  restore: "restored",
  send: "sent on a transfer",
  receive: "received from a transfer",
  shortfall: "short on a transfer",
  track: "now tracked by unit",
  untrack: "no longer tracked by unit",
  hold: "held for a customer",
  "hold-extend": "held longer",
  release: "released from a hold",
  "hold-expire": "no longer held: the hold expired",
};

/** What changed, as said beside the bike's own quantity: "1 delivered just now". */
function changeText({ kind, units, name }: StockNotice) {
  if (kind === "deliver") return `${formatCount(units)} delivered just now`;
  if (kind === "import") return `${formatCount(units)} imported just now`;
  return `${name} ${HAPPENED[kind]}`;
}

/** What changed, said anywhere in the app: "Honda CB500: 1 delivered just now". */
export const noticeText = (notice: StockNotice) =>
  isCount(notice.kind) ? `${notice.name}: ${changeText(notice)}` : changeText(notice);

/**
 * The latest delivery or import of this bike while it is being shown, to say beside its quantity,
 * or undefined. Registers the bike as shown for as long as the calling component is mounted.
 */
export function useStockChangeNote(bikeId: string): string | undefined {
  const { notices, watch } = use(LiveStockContext);
  useEffect(() => watch(bikeId), [watch, bikeId]);
  const notice = notices.findLast((candidate) => candidate.bikeId === bikeId);
  return notice && isCount(notice.kind) ? changeText(notice) : undefined;
}
