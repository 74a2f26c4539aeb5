import { useEffect } from "react";

export const BRAND = "Ultimate Bikes";

/** Sets the tab title in the product's form, "{title}- Ultimate Bikes" (docs/product.md, Screens). */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title}- ${BRAND}`;
  }, [title]);
}
