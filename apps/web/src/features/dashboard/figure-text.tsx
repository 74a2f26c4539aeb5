import type { Figure } from "./dashboard-figures";

/**
 * A number as short as it must be to fit, with the exact figure in its title (on hover) and, for
 * screen readers, in place of the short one.
 */
export function FigureText({ figure, className }: { figure: Figure; className?: string }) {
  if (figure.shown === figure.exact) return <span className={className}>{figure.exact}</span>;
  return (
    <span className={className} title={figure.exact}>
      <span aria-hidden="true">{figure.shown}</span>
      <span className="visually-hidden">{figure.exact}</span>
    </span>
  );
}
