import { useEffect } from "react";

export const BRAND = "Ultimate Bikes";

/** Sets the tab title as the spec writes it: "{title}- Ultimate Bikes". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title}- ${BRAND}`;
  }, [title]);
}
