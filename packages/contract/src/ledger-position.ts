/*
 * Where a read stands in the ledger (docs/decisions/023). No schemas here: the web app's API
 * client reads it on every answer, before any page's code has loaded.
 */

/**
 * A response header of the reads that show stock (`GET /api/bikes`, `/api/bikes/{id}`,
 * `/api/stock`, `/api/items`, …): the id of a ledger movement the answer's data already reflects,
 * with every movement before it (a lower bound: later ones may be in it too). A client that
 * opens the stream with the oldest such id it shows as `lastEventId` is replayed every change its
 * data may lack, so nothing made between its reads and its stream is lost. 0 while the ledger is
 * empty. A 304 leaves it out: the stored answer keeps the one it came with.
 */
export const LEDGER_POSITION_HEADER = "ledger-position";
