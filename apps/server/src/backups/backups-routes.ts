import {
  BACKUPS_PATH,
  backupListSchema,
  backupNameParams,
  backupSchema,
  NO_SUCH_BACKUP,
} from "@ultimate-bikes/contract/backups";
import { createReadStream } from "node:fs";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Authentication } from "../auth/authentication.ts";
import { errorResponses as errors, HttpError } from "../plugins/errors.ts";
import { DEFAULT_SCHEDULED_KEEP, type BackupMaker } from "./backup-schedule.ts";
import { backupFile, listBackups, type BackupConfig } from "./backups.ts";

const ON_POSTGRES =
  "On PostgreSQL the operator makes backups with `npm run backup` (pg_dump), from one machine: the servers keep none.";

interface BackupsRoutesOptions {
  config: BackupConfig;
  maker: BackupMaker;
  authentication: Authentication;
}

/** The Backups screen's API (admins only): SQLite backups to list, make and download. */
export async function backupsRoutes(
  app: FastifyInstance,
  { config, maker, authentication }: BackupsRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: authentication.requireAdmin };
  const tags = ["backups"];
  const sqlite = config.database.kind === "sqlite";
  const folder = config.backups.dir;

  routes.get(
    BACKUPS_PATH,
    {
      ...admin,
      schema: {
        tags,
        summary:
          "The backups in the backup folder, newest first, and the schedule (SQLite; on PostgreSQL an empty list: the operator keeps them)",
        response: { 200: backupListSchema, ...errors(401, 403) },
      },
    },
    async () => {
      const { everyHours, keep = DEFAULT_SCHEDULED_KEEP } = config.backups;
      return {
        database: config.database.kind,
        folder: sqlite ? folder : null,
        schedule: sqlite && everyHours !== undefined ? { everyHours, keep } : null,
        backups: sqlite ? listBackups(folder) : [],
      };
    },
  );

  routes.post(
    BACKUPS_PATH,
    {
      ...admin,
      schema: {
        tags,
        summary: "Make a backup now, while the app runs (SQLite; 409 on PostgreSQL)",
        response: { 201: backupSchema, ...errors(401, 403, 409) },
      },
    },
    async (_request, reply) => {
      if (!sqlite) throw new HttpError(409, ON_POSTGRES);
      return reply.code(201).send(await maker.make());
    },
  );

  routes.get(
    `${BACKUPS_PATH}/:name`,
    {
      ...admin,
      schema: {
        tags,
        summary: "Download one backup (a .tar file)",
        params: backupNameParams,
        response: {
          200: z.unknown().describe("application/x-tar: the backup file"),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const file = sqlite ? backupFile(folder, name) : undefined;
      if (!file) throw new HttpError(404, NO_SUCH_BACKUP);
      return reply
        .type("application/x-tar")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        .send(createReadStream(file));
    },
  );
}
