import {
  importPreviewSchema,
  importResultSchema,
  IN_TRANSIT_COLUMN,
  STOCK_IMPORT_MAX_BYTES,
  STOCK_IMPORT_MAX_ROWS,
  stockExportQuerySchema,
  type ImportPreview,
  type ImportProblem,
  type StockCsvColumn,
  type StockImportColumn,
} from "@ultimate-bikes/contract/stock-csv";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { Readable } from "node:stream";
import { z } from "zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import type { StockSearch } from "../bikes/stock-search.ts";
import type { Database } from "../db/schema.ts";
import { searchWords } from "../db/search-folding.ts";
import { errorResponses as errors, HttpError } from "../plugins/errors.ts";
import { csvLine } from "./csv-text.ts";
import { placeColumnName } from "./csv-columns.ts";
import {
  exportPage,
  exportPlaces,
  mainWarehouseName,
  type ExportedBike,
} from "./stock-export-repository.ts";
import type { ImportOutcome } from "./stock-import-job.ts";
import type { StockImports } from "./stock-imports.ts";

/** How many bikes an export reads at a time, so 100,000 bikes never sit in memory at once. */
const EXPORT_PAGE = 1000;

/** A cell of the export. */
const CELL_OF: Record<StockCsvColumn, (bike: ExportedBike) => string | number> = {
  id: (bike) => bike.id,
  name: (bike) => bike.name,
  supplier: (bike) => bike.supplierName,
  price: (bike) => bike.price.toFixed(2),
  quantity: (bike) => bike.quantity,
  "reorder point": (bike) => bike.reorderPoint,
  description: (bike) => bike.des,
  photo: (bike) => bike.photo,
};

/**
 * The import template: every column, and one bike a row without an id would add, which the
 * preview takes as it is (a test holds it to that); its units go to the main warehouse, by the
 * name it has now.
 */
const templateRow = (mainWarehouse: string): Record<StockImportColumn, string> => ({
  id: "",
  name: "Honda CB500F",
  supplier: "Hamamatsu Trading",
  price: "6499.00",
  quantity: "4",
  "reorder point": "2",
  description: "A light twin for every day. Leave the id empty to add a bike.",
  photo: "/images/bikes/honda-cbr650r.svg",
  place: mainWarehouse,
});
const TEMPLATE_COLUMNS = Object.keys(templateRow("")) as StockImportColumn[];

/** A file over the limit: refused whole, before anything is planned. */
function refuseTooMany(rows: number): never {
  throw new HttpError(
    413,
    `This file has ${rows.toLocaleString("en-US")} rows; one import takes at most ${STOCK_IMPORT_MAX_ROWS.toLocaleString("en-US")}. Split it into smaller files and import each.`,
  );
}

/** An import's problems as the API's field errors: "line 3, price". */
export const asFieldErrors = (problems: ImportProblem[]) =>
  problems.map(({ line, column, message }) => ({
    field: column === null ? `line ${line}` : `line ${line}, ${column}`,
    message,
  }));

/**
 * CSV in and out of the stock, for staff (issue 13): an export with the chosen columns, an
 * import's preview (what each row will do, or why it is wrong; nothing changes) and the import
 * itself (every row in one transaction, or none). Previews and imports run in a process
 * (stock-imports.ts), so the server answers other requests meanwhile.
 */
export async function stockCsvRoutes(
  app: FastifyInstance,
  {
    db,
    search,
    imports,
    authentication,
  }: {
    db: Kysely<Database>;
    search: Pick<StockSearch, "condition">;
    imports: StockImports;
    authentication: Authentication;
  },
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
        summary:
          "The stock as CSV: the bikes GET /stock finds with the same q, supplier, status, owner and place (all without them), in the columns asked for (all by default); with quantity, the units at each place and in transit",
        querystring: stockExportQuerySchema,
        response: { 200: z.string().describe("text/csv"), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { columns, q, supplier, status, owner, place: placeId } = request.query;
      const words = searchWords(q ?? "");
      const ownerId = owner === "me" ? signedInUser(request).id : undefined;
      const filtered =
        words.length > 0 || supplier !== undefined || status || ownerId || placeId !== undefined;
      const filter = filtered
        ? search.condition({ words, supplier, status, ownerId, placeId })
        : undefined;
      // With the quantity, where its units are: a column a place, then those in transit.
      const places = columns.includes("quantity") ? await exportPlaces(db) : [];
      const header = [
        ...columns,
        ...places.map((place) => placeColumnName(place.name)),
        ...(columns.includes("quantity") ? [IN_TRANSIT_COLUMN] : []),
      ];
      const cellsOf = (bike: ExportedBike) => [
        ...columns.map((column) => CELL_OF[column](bike)),
        ...places.map((place) => bike.atPlace.get(place.id) ?? 0),
        ...(columns.includes("quantity") ? [bike.inTransit] : []),
      ];
      async function* lines() {
        yield csvLine(header);
        let after: string | null = null;
        for (;;) {
          const page = await exportPage(db, after, EXPORT_PAGE, {
            filter,
            places: places.length > 0,
          });
          for (const bike of page) yield csvLine(cellsOf(bike));
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

  routes.get(
    "/stock/template.csv",
    {
      schema: {
        tags: ["stock"],
        summary:
          "A CSV to fill in for an import: the header with every column (place included) and one example row that adds a bike",
        response: { 200: z.string().describe("text/csv") },
      },
    },
    async (_request, reply) => {
      const row = templateRow(await mainWarehouseName(db));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="stock-template.csv"')
        .send(csvLine(TEMPLATE_COLUMNS) + csvLine(TEMPLATE_COLUMNS.map((column) => row[column])));
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
    async (request, reply) => {
      const done = await imports.preview(request.body);
      if (done.outcome === "too-many-rows") return refuseTooMany(done.rows);
      // Made by the import's process as the schema says (stock-import-job.ts); bytes go out as they are.
      return reply
        .type("application/json; charset=utf-8")
        .send(Buffer.from(done.json) as unknown as ImportPreview);
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
    async (request) => answerImport(await imports.import(request.body, signedInUser(request))),
  );
}

/** An import's outcome as the API answers it. */
function answerImport(done: ImportOutcome) {
  switch (done.outcome) {
    case "imported":
      return done.result;
    case "too-many-rows":
      return refuseTooMany(done.rows);
    case "refused": {
      const { problems } = done;
      const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
      throw new HttpError(400, `The file has ${count}. Nothing was imported.`, {
        fields: asFieldErrors(problems),
      });
    }
    case "stale":
      throw new HttpError(
        409,
        "A bike in the file changed while it was being imported. Nothing was imported: preview the file again.",
      );
  }
}
