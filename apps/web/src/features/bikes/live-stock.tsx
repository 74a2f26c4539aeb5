import { useMemo, type ReactNode } from "react";
import { LiveStockContext, noticeText } from "./live-stock-context";
import { useLiveStock } from "./use-live-stock";

export const RECONNECTING_TEXT = "Live updates paused — reconnecting…";

/**
 * Live stock for everything inside it: subscribes once, gives pages the recent changes
 * (useStockChangeNote), and says in a small fixed corner what changed and whether updates are
 * paused. Fixed, small and click-through, so it never moves or covers what a person is about to
 * click; toasts stay for the results of a person's own actions. Both lines are polite live
 * regions that are always in the page, so a screen reader hears them when their words change.
 */
export function LiveStock({ children }: { children: ReactNode }) {
  const { status, notices, watch } = useLiveStock();
  const context = useMemo(() => ({ notices, watch }), [notices, watch]);
  const notice = notices.findLast((candidate) => !candidate.shownOnBikePage);
  return (
    <LiveStockContext value={context}>
      {children}
      <div className="live-stock">
        <p role="status" aria-live="polite" className="m-0">
          {status === "reconnecting" && (
            <span className="live-stock-pill">{RECONNECTING_TEXT}</span>
          )}
        </p>
        <p role="status" aria-live="polite" className="m-0">
          {notice && (
            // A new key starts the fade again for each new notice.
            <span key={notice.key} className="live-stock-pill live-stock-notice">
              {noticeText(notice)}
            </span>
          )}
        </p>
      </div>
    </LiveStockContext>
  );
}
