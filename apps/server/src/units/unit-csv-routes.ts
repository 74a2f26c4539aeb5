import { STOCK_IMPORT_MAX_BYTES } from "@ultimate-bikes/contract/stock-csv";
import {
  unitExportQuerySchema,
  unitImportPreviewSchema,
  unitImportQuerySchema,
  unitImportResultSchema,
} from "@ultimate-bikes/contract/unit-csv";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { Readable } from "node:stream";
import { z } from "zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { committingWrites } from "../bikes/bike-writes.ts";
import type { Database } from "../db/schema.ts";
import { errorResponses as errors, HttpError } from "../plugins/errors.ts";
import { asFieldErrors } from "../stock-csv/stock-csv-routes.ts";
import { planUnitImport, unitCsvLines, writeUnitImport } from "./unit-csv.ts";
import { UnitRefusalError, unitRefusalAnswer } from "./unit-refusals.ts";

/** Thrown inside the import's transaction to undo it with the plan's problems. */
class Refused extends Error {
  readonly problems: Awaited<ReturnType<typeof planUnitImport>>["preview"]["problems"];
  constructor(problems: Refused["problems"]) {
    super("refused");
    this.problems = problems;
  }
}

/** Units in and out of CSV files (issue 24), for staff: an export, a preview and the import. */
export async function unitCsvRoutes(
  app: FastifyInstance,
  {
    db,
    authentication,
    committed,
  }: { db: Kysely<Database>; authentication: Authentication; committed: () => void },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staff = { onRequest: authentication.requireStaff, bodyLimit: STOCK_IMPORT_MAX_BYTES };
  const write = committingWrites(db, committed);
  app.addContentTypeParser(
    ["text/csv", "text/plain"],
    { parseAs: "string", bodyLimit: STOCK_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  routes.get(
    "/units/export.csv",
    {
      ...staff,
      schema: {
        tags: ["units"],
        summary:
          "Units as CSV, with their model and where each is: one model's, place's or status's, or all",
        querystring: unitExportQuerySchema,
        response: { 200: z.string().describe("text/csv"), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="units-${day}.csv"`)
          // A stream goes out as it is, past the serializer; the schema's string is for OpenAPI.
          .send(Readable.from(unitCsvLines(db, request.query)) as unknown as string)
      );
    },
  );

  routes.post(
    "/units/import-preview",
    {
      ...staff,
      schema: {
        tags: ["units"],
        summary:
          "What importing this units CSV would do, row by row, and what is wrong in it; changes nothing",
        querystring: unitImportQuerySchema,
        body: z.string(),
        response: { 200: unitImportPreviewSchema, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) =>
      (await planUnitImport(db, request.body, request.query.checkDigitsConfirmed === "true"))
        .preview,
  );

  routes.post(
    "/units/imports",
    {
      ...staff,
      schema: {
        tags: ["units"],
        summary:
          "Import a units CSV: new units arrive at their place, recorded ones get the details the file changes; every row in one transaction, or nothing",
        querystring: unitImportQuerySchema,
        body: z.string(),
        response: { 200: unitImportResultSchema, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request) => {
      try {
        return await write(async (trx) => {
          // Planned again inside the transaction: what it writes is what the database holds now.
          const plan = await planUnitImport(
            trx,
            request.body,
            request.query.checkDigitsConfirmed === "true",
          );
          if (plan.preview.problems.length > 0) throw new Refused(plan.preview.problems);
          const { overLimit } = await writeUnitImport(trx, plan, signedInUser(request));
          if (overLimit) {
            throw new HttpError(
              409,
              "That would take a model's stock above the most one bike can hold. Nothing was imported.",
            );
          }
          const { create, update, unchanged } = plan.preview.summary;
          return { created: create, updated: update, unchanged };
        });
      } catch (error) {
        if (error instanceof Refused) {
          const count =
            error.problems.length === 1 ? "1 problem" : `${error.problems.length} problems`;
          throw new HttpError(400, `The file has ${count}. Nothing was imported.`, {
            fields: asFieldErrors(error.problems),
          });
        }
        if (error instanceof UnitRefusalError) {
          const { status, message } = unitRefusalAnswer(error.refusal);
          throw new HttpError(status, message);
        }
        throw error;
      }
    },
  );
}
