import {
  ledgerPageSchema,
  ledgerPeopleSchema,
  ledgerQuerySchema,
  type LedgerEntry,
} from "@ultimate-bikes/contract/ledger";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Readable } from "node:stream";
import { z } from "zod";
import type { Authentication } from "../auth/authentication.ts";
import { errorResponses as errors } from "../plugins/errors.ts";
import { csvLine } from "../stock-csv/csv-text.ts";
import type { LedgerRepository } from "./ledger-repository.ts";

/** How many movements an export reads at a time, so a million never sit in memory at once. */
const EXPORT_PAGE = 1000;

const CSV_HEADER = [
  "id",
  "when",
  "bike id",
  "bike",
  "who",
  "kind",
  "place",
  "place change",
  "change",
  "quantity after",
  "transfer",
  "reference",
  "changes",
];

const csvRowOf = (entry: LedgerEntry) =>
  csvLine([
    entry.id,
    entry.at,
    entry.bikeId,
    entry.bikeName,
    entry.actorName ?? "Warehouse",
    entry.kind,
    entry.place?.name ?? "",
    entry.placeDelta ?? "",
    entry.delta,
    entry.quantityAfter,
    entry.transfer?.number ?? "",
    entry.reference ?? "",
    (entry.changes ?? []).map(({ field, from, to }) => `${field}: ${from} -> ${to}`).join("; "),
  ]);

/** The whole ledger for staff (issue 13): pages, the people in it, and a CSV export. */
export async function ledgerRoutes(
  app: FastifyInstance,
  { ledger, authentication }: { ledger: LedgerRepository; authentication: Authentication },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staff = { onRequest: authentication.requireStaff };

  routes.get(
    "/movements",
    {
      ...staff,
      config: { ledgerPosition: true },
      schema: {
        tags: ["stock"],
        summary:
          "Every stock movement, newest first, filtered by bike (its id, stock number or name), person, kind, place and dates (staff)",
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit, cursor, ...filters } = request.query;
      // One more than the page says whether there is a next one.
      const found = await ledger.page(filters, limit + 1, cursor);
      const items = found.slice(0, limit);
      const more = found.length > limit;
      return { items, nextCursor: more ? String(items.at(-1)!.id) : null };
    },
  );

  routes.get(
    "/movements/people",
    {
      ...staff,
      schema: {
        tags: ["stock"],
        summary: "Everyone who appears in the ledger, by name, for its filter (staff)",
        response: { 200: ledgerPeopleSchema, ...errors(401, 403) },
      },
    },
    async () => ledger.people(),
  );

  routes.get(
    "/movements.csv",
    {
      ...staff,
      schema: {
        tags: ["stock"],
        summary: "The ledger as CSV, with the same filters (staff)",
        querystring: ledgerQuerySchema,
        response: { 200: z.string().describe("text/csv"), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // The whole ledger past the cursor: no page size.
      const { bikeId, bike, actor, kind, place, from, to, cursor } = request.query;
      const filters = { bikeId, bike, actor, kind, place, from, to };
      async function* lines() {
        yield csvLine(CSV_HEADER);
        let before = cursor;
        for (;;) {
          const page = await ledger.page(filters, EXPORT_PAGE, before);
          for (const entry of page) yield csvRowOf(entry);
          if (page.length < EXPORT_PAGE) return;
          before = page.at(-1)!.id;
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="ledger-${day}.csv"`)
          // A stream goes out as it is, past the serializer; the schema's string is for OpenAPI.
          .send(Readable.from(lines()) as unknown as string)
      );
    },
  );
}
