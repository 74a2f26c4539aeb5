/**
 * The two widths every screen is checked at (axe scans): a desktop and a phone
 * (an iPhone's 375 px).
 */
export const SCREEN_SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;
