import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { matchPath, NavLink, useLocation } from "react-router";

export interface NavMenuLink {
  to: string;
  label: string;
}

/**
 * A menu of the navigation bar's links (the staff's Stock menu), as a disclosure: a button that
 * shows or hides the list, in Bootstrap's dropdown markup. The keyboard: Enter or Space opens it,
 * the arrows move through its links, Escape closes it and gives the focus back to the button, and
 * the focus or a click leaving it closes it. Marked active while one of its screens is open. Its
 * list drops under the button on a wide screen and opens inside the folded menu on a phone.
 *
 * Our own markup rather than react-bootstrap's NavDropdown, which brings Popper and its
 * dropdown machinery (some 20 KiB) for a list that only opens and closes.
 */
export function NavMenu({ id, title, links }: { id: string; title: string; links: NavMenuLink[] }) {
  const { pathname } = useLocation();
  // Open only on the screen where it was opened: moving elsewhere (Back included) closes it.
  const [openOn, setOpenOn] = useState<string>();
  const open = openOn === pathname;
  const setOpen = (show: boolean) => setOpenOn(show ? pathname : undefined);
  const active = links.some(({ to }) => matchPath({ path: to, end: true }, pathname) !== null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(undefined);
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("focusin", closeOutside);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("focusin", closeOutside);
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const items = [...(root.current?.querySelectorAll<HTMLElement>(".dropdown-item") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === "ArrowDown" ? 1 : -1;
    const next =
      at < 0 ? (step > 0 ? 0 : items.length - 1) : (at + step + items.length) % items.length;
    setOpen(true);
    // The list shows with this render; its links take the focus once it does.
    requestAnimationFrame(() => items[next]?.focus());
  }

  return (
    <div ref={root} className="nav-item dropdown" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`nav-link dropdown-toggle${active ? " active" : ""}${open ? " show" : ""}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {title}
      </button>
      {/* data-bs-popper="static": Bootstrap's own placement, under the button. Hidden as well
          as unshown, so nothing finds its links closed, whatever the styles. */}
      <ul
        id={id}
        className={`dropdown-menu${open ? " show" : ""}`}
        data-bs-popper="static"
        hidden={!open}
      >
        {links.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} end className="dropdown-item" onClick={() => setOpen(false)}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
