import { formatStockNumber } from "@ultimate-bikes/contract/stock-number";
import {
  formatTransferNumber,
  type Transfer,
  type TransferLine,
  type TransferListQuery,
  type TransferSummary,
} from "@ultimate-bikes/contract/transfers";
import { sql } from "kysely";
import type { Executor } from "../bikes/bike-writes.ts";
import { FORMER_COLLEAGUE } from "../bikes/movement-rows.ts";
import { toIsoTimestamp, type Timestamp } from "../db/schema.ts";

/*
 * Reading transfers as the API answers them: places by name, each step with who did it by name
 * (a removed account is "A former colleague", as in the ledger) and when.
 */

function headerQuery(executor: Executor) {
  return executor
    .selectFrom("transfer")
    .innerJoin("place as source", "source.id", "transfer.source_place_id")
    .innerJoin("place as destination", "destination.id", "transfer.destination_place_id")
    .leftJoin("user as creator", "creator.id", "transfer.created_by")
    .leftJoin("user as sender", "sender.id", "transfer.sent_by")
    .leftJoin("user as receiver", "receiver.id", "transfer.received_by")
    .leftJoin("user as canceller", "canceller.id", "transfer.cancelled_by")
    .select([
      "transfer.id",
      "transfer.number",
      "transfer.status",
      "transfer.reference",
      "transfer.source_place_id",
      "source.name as source_name",
      "transfer.destination_place_id",
      "destination.name as destination_name",
      "transfer.created_by",
      "transfer.created_at",
      "creator.name as created_by_name",
      "transfer.sent_by",
      "transfer.sent_at",
      "sender.name as sent_by_name",
      "transfer.received_by",
      "transfer.received_at",
      "receiver.name as received_by_name",
      "transfer.cancelled_by",
      "transfer.cancelled_at",
      "canceller.name as cancelled_by_name",
    ]);
}

type HeaderRow = Awaited<ReturnType<ReturnType<typeof headerQuery>["executeTakeFirstOrThrow"]>>;

/** A step as answered: by name (null for nobody on record) and when; null until it happens. */
function stepOf(by: string | null, name: string | null, at: Timestamp | null) {
  if (at === null) return null;
  return { by: by === null ? null : (name ?? FORMER_COLLEAGUE), at: toIsoTimestamp(at) };
}

function headerOf(row: HeaderRow) {
  return {
    id: row.id,
    number: formatTransferNumber(Number(row.number)),
    status: row.status,
    source: { id: row.source_place_id, name: row.source_name },
    destination: { id: row.destination_place_id, name: row.destination_name },
    reference: row.reference,
    created: stepOf(row.created_by, row.created_by_name, row.created_at),
    sent: stepOf(row.sent_by, row.sent_by_name, row.sent_at),
    received: stepOf(row.received_by, row.received_by_name, row.received_at),
    cancelled: stepOf(row.cancelled_by, row.cancelled_by_name, row.cancelled_at),
  };
}

async function linesOf(executor: Executor, transferId: string): Promise<TransferLine[]> {
  const rows = await executor
    .selectFrom("transfer_line")
    // The stock number from the bike, or from its row in Recently deleted.
    .leftJoin("bike", "bike.id", "transfer_line.bike_id")
    .leftJoin("deleted_bike", "deleted_bike.id", "transfer_line.bike_id")
    .select([
      "transfer_line.bike_id",
      "transfer_line.bike_name",
      "transfer_line.quantity",
      "transfer_line.received",
      "transfer_line.shortfall_reason",
      "bike.stock_number",
      "deleted_bike.stock_number as deleted_stock_number",
    ])
    .where("transfer_line.transfer_id", "=", transferId)
    .orderBy("transfer_line.position")
    .execute();
  // The units each line carried: those its `send` entry moved (units/unit-stock.ts).
  const units = await executor
    .selectFrom("stock_movement")
    .innerJoin("stock_movement_unit", "stock_movement_unit.movement_id", "stock_movement.id")
    .innerJoin("unit", "unit.id", "stock_movement_unit.unit_id")
    .select(["stock_movement.bike_id", "unit.id", "unit.chassis", "unit.status"])
    .where("stock_movement.transfer_id", "=", transferId)
    .where("stock_movement.kind", "=", "send")
    .orderBy("unit.arrived_at")
    .orderBy("unit.id")
    .execute();
  return rows.map((row) => {
    const stockNumber = row.stock_number ?? row.deleted_stock_number;
    return {
      bikeId: row.bike_id,
      bikeName: row.bike_name,
      stockNumber: stockNumber === null ? null : formatStockNumber(Number(stockNumber)),
      quantity: row.quantity,
      received: row.received,
      shortfallReason: row.shortfall_reason,
      units: units
        .filter((unit) => unit.bike_id === row.bike_id)
        .map((unit) => ({ id: unit.id, chassis: unit.chassis, status: unit.status })),
    };
  });
}

/** One transfer by its id or its number, with its lines; undefined when there is none. */
export async function readTransfer(
  executor: Executor,
  by: { id: string } | { number: number },
): Promise<Transfer | undefined> {
  const query = headerQuery(executor);
  const row = await (
    "id" in by
      ? query.where("transfer.id", "=", by.id)
      : query.where("transfer.number", "=", by.number)
  ).executeTakeFirst();
  if (!row) return undefined;
  const lines = await linesOf(executor, row.id);
  return {
    ...headerOf(row),
    lines,
    units: lines.reduce((units, line) => units + line.quantity, 0),
  };
}

/** A page of transfers, newest (highest number) first, after the `cursor` number if given. */
export async function readTransferPage(
  executor: Executor,
  query: Omit<TransferListQuery, "number"> & { number?: number },
): Promise<{ items: TransferSummary[]; nextCursor: string | null }> {
  let select = headerQuery(executor).select((eb) => [
    eb
      .selectFrom("transfer_line")
      .select((inner) => inner.fn.countAll<number | string>().as("count"))
      .whereRef("transfer_line.transfer_id", "=", "transfer.id")
      .as("line_count"),
    eb
      .selectFrom("transfer_line")
      .select((inner) =>
        inner.fn
          .coalesce(inner.fn.sum<number | string>("transfer_line.quantity"), sql<number>`0`)
          .as("units"),
      )
      .whereRef("transfer_line.transfer_id", "=", "transfer.id")
      .as("units"),
  ]);
  if (query.status) select = select.where("transfer.status", "=", query.status);
  if (query.place) {
    const place = query.place;
    select = select.where((eb) =>
      eb.or([
        eb("transfer.source_place_id", "=", place),
        eb("transfer.destination_place_id", "=", place),
      ]),
    );
  }
  if (query.number !== undefined) select = select.where("transfer.number", "=", query.number);
  if (query.cursor !== undefined) select = select.where("transfer.number", "<", query.cursor);
  const rows = await select
    .orderBy("transfer.number", "desc")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      ...headerOf(row),
      lineCount: Number(row.line_count ?? 0),
      units: Number(row.units ?? 0),
    })),
    nextCursor: rows.length > query.limit && last ? String(last.number) : null,
  };
}
