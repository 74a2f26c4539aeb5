import { vi } from "vitest";

/**
 * Makes `matchMedia` answer `(min-width: …px)` queries as a screen `width` pixels wide would
 * (jsdom has no layout), so a test can render the phone or the desktop version of a page.
 */
export function stubScreenWidth(width: number): void {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: width >= Number(/min-width: (\d+)px/.exec(query)?.[1]),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
