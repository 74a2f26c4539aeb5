import type { ReactNode } from "react";

interface CardListProps<Item> {
  /** What screen readers call the list, e.g. "Bikes". */
  label: string;
  items: Item[];
  /** A stable id of the item: the list's key, and part of its heading's id. */
  idOf: (item: Item) => string;
  /** Starts each heading's id, `${headingPrefix}-${id}-name`, unique on the page. */
  headingPrefix: string;
  className?: string;
  /** The card's content; its heading must carry `headingId`, which names the card. */
  children: (item: Item, headingId: string) => ReactNode;
}

/**
 * A list for a phone screen where a wide screen shows a table: one card an item, one under another,
 * so nothing scrolls sideways. Each card is an article named by its own heading.
 */
export function CardList<Item>({
  label,
  items,
  idOf,
  headingPrefix,
  className = "",
  children,
}: CardListProps<Item>) {
  return (
    <ul aria-label={label} className={`list-unstyled d-grid gap-3 ${className}`.trim()}>
      {items.map((item) => {
        const id = idOf(item);
        const headingId = `${headingPrefix}-${id}-name`;
        return (
          <li key={id}>
            <article className="card shadow-sm p-3" aria-labelledby={headingId}>
              {children(item, headingId)}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
