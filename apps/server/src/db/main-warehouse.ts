/**
 * The main warehouse's id (migration 020): the place every stock change falls back to, made by
 * the migration on every database, so code on both sides of an upgrade knows it without a query.
 * Its own module, free of imports: the CSV import's process loads it without Kysely.
 */
export const MAIN_WAREHOUSE_ID = "00000000-0000-4000-8000-000000000001";
