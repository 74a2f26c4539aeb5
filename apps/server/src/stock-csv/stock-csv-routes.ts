import {
  importPreviewSchema,
  importResultSchema,
  STOCK_IMPORT_MAX_BYTES,
  STOCK_IMPORT_MAX_ROWS,
  stockExportQuerySchema,
  type ImportProblem,
  type StockCsvColumn,
} from "@ultimate-bikes/contract/stock-csv";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Readable } from "node:stream";
import { z } from "zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import type { CurrentBike } from "../bikes/bike-details.ts";
import type { BikeRepository } from "../bikes/bikes-repository.ts";
import { errorResponses as errors, HttpError } from "../plugins/errors.ts";
import { csvLine, parseCsv } from "./csv-text.ts";
import { columnsOf, idsNamedBy, planImport, previewRow } from "./stock-import-plan.ts";

/** How many bikes an export reads at a time, so 100,000 bikes never sit in memory at once. */
const EXPORT_PAGE = 1000;

/** A cell of the export. */
const CELL_OF: Record<StockCsvColumn, (bike: CurrentBike) => string | number> = {
  id: (bike) => bike.id,
  name: (bike) => bike.name,
  supplier: (bike) => bike.supplierName,
  price: (bike) => bike.price.toFixed(2),
  quantity: (bike) => bike.quantity,
  "reorder point": (bike) => bike.reorderPoint,
  description: (bike) => bike.des,
  photo: (bike) => bike.photo,
};

/** The file read as CSV with its columns known, or the problems that stop it there. */
function readImport(text: string) {
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    return { problems: [{ line: parsed.line, column: null, message: parsed.message }] };
  }
  if (parsed.records.length > STOCK_IMPORT_MAX_ROWS) {
    throw new HttpError(
      413,
      `This file has ${parsed.records.length.toLocaleString("en-US")} rows; one import takes at most ${STOCK_IMPORT_MAX_ROWS.toLocaleString("en-US")}. Split it into smaller files and import each.`,
    );
  }
  const { columns, problems } = columnsOf(parsed.header);
  if (problems.length > 0) return { problems };
  return { columns, records: parsed.records, problems };
}

/** An import's problems as the API's field errors: "line 3, price". */
const asFieldErrors = (problems: ImportProblem[]) =>
  problems.map(({ line, column, message }) => ({
    field: column === null ? `line ${line}` : `line ${line}, ${column}`,
    message,
  }));

/**
 * CSV in and out of the stock, for staff (issue 13): an export with the chosen columns, an
 * import's preview (what each row will do, or why it is wrong; nothing changes) and the import
 * itself (every row in one transaction, or none).
 */
export async function stockCsvRoutes(
  app: FastifyInstance,
  { bikes, authentication }: { bikes: BikeRepository; authentication: Authentication },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staff = { onRequest: authentication.requireStaff };
  // The file comes as the request's body, as text (a browser's File sent with fetch).
  app.addContentTypeParser(
    ["text/csv", "text/plain"],
    { parseAs: "string", bodyLimit: STOCK_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const importRoute = { ...staff, bodyLimit: STOCK_IMPORT_MAX_BYTES };

  routes.get(
    "/stock/export.csv",
    {
      ...staff,
      schema: {
        tags: ["stock"],
        summary: "The whole stock as CSV, with the columns asked for (all by default)",
        querystring: stockExportQuerySchema,
        response: { 200: z.string().describe("text/csv"), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { columns } = request.query;
      async function* lines() {
        yield csvLine(columns);
        let after: string | null = null;
        for (;;) {
          const page = await bikes.exportPage(after, EXPORT_PAGE);
          for (const bike of page) yield csvLine(columns.map((column) => CELL_OF[column](bike)));
          if (page.length < EXPORT_PAGE) return;
          after = page.at(-1)!.id;
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="stock-${day}.csv"`)
          // A stream goes out as it is, past the serializer; the schema's string is for OpenAPI.
          .send(Readable.from(lines()) as unknown as string)
      );
    },
  );

  routes.post(
    "/stock/import-preview",
    {
      ...importRoute,
      schema: {
        tags: ["stock"],
        summary:
          "What importing this CSV would do, row by row, and what is wrong in it; changes nothing",
        body: z.string(),
        response: { 200: importPreviewSchema, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const file = readImport(request.body);
      if (!file.columns)
        return {
          rows: [],
          problems: file.problems,
          summary: { create: 0, update: 0, unchanged: 0 },
        };
      const current = await bikes.currentBikes(idsNamedBy(file.columns, file.records));
      const plan = planImport(file.columns, file.records, current);
      const count = (action: string) => plan.rows.filter((row) => row.action === action).length;
      return {
        rows: plan.rows.map(previewRow),
        problems: plan.problems,
        summary: {
          create: count("create"),
          update: count("update"),
          unchanged: count("unchanged"),
        },
      };
    },
  );

  routes.post(
    "/stock/imports",
    {
      ...importRoute,
      schema: {
        tags: ["stock"],
        summary: "Import a CSV: every row in one transaction, or nothing when any row is wrong",
        body: z.string(),
        response: { 200: importResultSchema, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request) => {
      const file = readImport(request.body);
      const refuse = (problems: ImportProblem[]) => {
        const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
        throw new HttpError(400, `The file has ${count}. Nothing was imported.`, {
          fields: asFieldErrors(problems),
        });
      };
      if (!file.columns) return refuse(file.problems);
      const { columns, records } = file;
      const done = await bikes.importStock(
        idsNamedBy(columns, records),
        (current) => planImport(columns, records, current),
        signedInUser(request),
      );
      if (done === "stale") {
        throw new HttpError(
          409,
          "A bike in the file changed while it was being imported. Nothing was imported: preview the file again.",
        );
      }
      if (done.problems.length > 0) return refuse(done.problems);
      const count = (action: string) => done.rows.filter((row) => row.action === action).length;
      return { created: count("create"), updated: count("update"), unchanged: count("unchanged") };
    },
  );
}
