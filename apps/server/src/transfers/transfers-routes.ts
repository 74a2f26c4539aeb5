import {
  newTransferSchema,
  receiveTransferSchema,
  transferIdSchema,
  transferListQuerySchema,
  transferPageSchema,
  transferSchema,
  TRANSFERS_PATH,
} from "@ultimate-bikes/contract/transfers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors } from "../plugins/errors.ts";
import { orHttpError } from "./transfer-http.ts";
import type { TransferRules } from "./transfer-rules.ts";

/** A malformed id names no transfer: the error handler answers it with the same 404. */
const transferParams = z.object({ id: transferIdSchema });

/**
 * Transfers between places (issue 23): internal documents, so staff only, to read as to write
 * (members 403, visitors 401). Every answer is the transfer as it is after the request.
 */
export async function transfersRoutes(
  app: FastifyInstance,
  { transfers, authentication }: { transfers: TransferRules; authentication: Authentication },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staff = { onRequest: authentication.requireStaff };
  const step = (summary: string) => ({
    ...staff,
    schema: {
      tags: ["transfers"],
      summary,
      params: transferParams,
      response: { 200: transferSchema, ...errors(401, 403, 404, 409) },
    },
  });

  routes.get(
    TRANSFERS_PATH,
    {
      ...staff,
      schema: {
        tags: ["transfers"],
        summary:
          "Transfers, newest first, a page at a time: by status, by place (either end), or by number (T-000123)",
        querystring: transferListQuerySchema,
        response: { 200: transferPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => orHttpError(await transfers.list(request.query)),
  );

  routes.post(
    TRANSFERS_PATH,
    {
      ...staff,
      schema: {
        tags: ["transfers"],
        summary:
          "Write a transfer as a Draft, or with `send: true` write and send it in one transaction. 404 for an unknown place or bike, 409 for an archived place or (sending) too few at the source, naming every short line",
        body: newTransferSchema,
        response: { 201: transferSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const transfer = orHttpError(await transfers.create(request.body, signedInUser(request)));
      return reply.code(201).send(transfer);
    },
  );

  routes.get(
    `${TRANSFERS_PATH}/by-number/:number`,
    {
      ...staff,
      schema: {
        tags: ["transfers"],
        summary: "The transfer with this number (T-000123; any case, any zero padding)",
        params: z.object({ number: z.string() }),
        response: { 200: transferSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => orHttpError(await transfers.findByNumber(request.params.number)),
  );

  routes.get(
    `${TRANSFERS_PATH}/:id`,
    {
      ...staff,
      schema: {
        tags: ["transfers"],
        summary: "A transfer with its lines and steps",
        params: transferParams,
        response: { 200: transferSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => orHttpError(await transfers.find(request.params.id)),
  );

  routes.post(
    `${TRANSFERS_PATH}/:id/send`,
    step(
      "Send a Draft: every line leaves the source for transit in one transaction, or nothing moves (409 naming each short line). 409 with the transfer when it is no longer a Draft",
    ),
    async (request) => orHttpError(await transfers.send(request.params.id, signedInUser(request))),
  );

  routes.post(
    `${TRANSFERS_PATH}/:id/receive`,
    {
      ...staff,
      schema: {
        tags: ["transfers"],
        summary:
          "Receive a sent transfer at its destination: every line in full unless `lines` says fewer arrived (each with its reason, kept as a shortfall in the ledger). 400 for more than were sent or a missing reason; 409 with the transfer when it is not in transit",
        params: transferParams,
        body: receiveTransferSchema,
        response: { 200: transferSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      orHttpError(await transfers.receive(request.params.id, request.body, signedInUser(request))),
  );

  routes.post(
    `${TRANSFERS_PATH}/:id/cancel`,
    step("Cancel a Draft (nothing has moved). 409 with the transfer once it is sent or done"),
    async (request) =>
      orHttpError(await transfers.cancel(request.params.id, signedInUser(request))),
  );
}
