/*
 * The dashboard's API path, apart from dashboard-api.ts and its schema: its screen's descriptor
 * names it for the first-visit hints, and that is part of the shell (docs/decisions/016 and 017).
 */

/** The warehouse in numbers. */
export const DASHBOARD_PATH = "/dashboard";
