import {
  INVITATION_VALID_DAYS,
  invitationIdParams,
  invitationRequestSchema,
  invitationResultSchema,
  NO_SUCH_INVITATION,
  NO_SUCH_PERSON,
  peopleSchema,
  personIdParams,
  personSchema,
  removedPersonSchema,
  revokedSchema,
  roleChangeSchema,
} from "@ultimate-bikes/contract/people";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors, HttpError } from "../plugins/errors.ts";
import type { PeopleOutcome, PeopleRefusal, PeopleRules } from "./people-rules.ts";

const CONFIGURED_ADMIN =
  "This person is an admin through ADMIN_EMAILS: their role comes from the server's configuration.";

const refusalMessages: Record<PeopleRefusal, string> = {
  "change-own-role":
    "You cannot change your own role: ask another admin. That way no admin locks everyone out by accident.",
  "demote-configured-admin": `${CONFIGURED_ADMIN} Take their email out of ADMIN_EMAILS to change it.`,
  "remove-yourself": "You cannot remove your own account: ask another admin.",
  "remove-configured-admin": `${CONFIGURED_ADMIN} Take their email out of ADMIN_EMAILS before removing the account.`,
};

/** 404 for nobody by that id, 409 for a refused change; a done outcome gives its value. */
function orHttpError<T>(outcome: PeopleOutcome<T>, notFound: string): T {
  switch (outcome.status) {
    case "done":
      return outcome.value;
    case "not-found":
      throw new HttpError(404, notFound);
    case "refused":
      throw new HttpError(409, refusalMessages[outcome.reason]);
  }
}

interface PeopleRoutesOptions {
  people: PeopleRules;
  authentication: Authentication;
}

/** The People page's API: every route is for admins only. */
export async function peopleRoutes(
  app: FastifyInstance,
  { people, authentication }: PeopleRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: authentication.requireAdmin };
  const tags = ["people"];

  routes.get(
    "/people",
    {
      ...admin,
      schema: {
        tags,
        summary: "Everyone with an account (newest first, up to 500) and the pending invitations",
        response: { 200: peopleSchema, ...errors(401, 403) },
      },
    },
    async () => people.list(),
  );

  routes.post(
    "/people/invitations",
    {
      ...admin,
      schema: {
        tags,
        summary: `Invite an email with a role: a mailed sign-up link valid ${INVITATION_VALID_DAYS} days (replacing any earlier one), or, for an existing account, the role at once and a notice`,
        body: invitationRequestSchema,
        response: { 201: invitationResultSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const result = orHttpError(
        await people.invite(signedInUser(request), request.body),
        NO_SUCH_PERSON,
      );
      return reply.code(201).send(result);
    },
  );

  routes.delete(
    "/people/invitations/:id",
    {
      ...admin,
      schema: {
        tags,
        summary: "Revoke a pending invitation: its link no longer gives a role",
        params: invitationIdParams,
        response: { 200: revokedSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) =>
      orHttpError(await people.revokeInvitation(request.params.id), NO_SUCH_INVITATION),
  );

  routes.patch(
    "/people/:id",
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Promote or demote: set the stored role (it counts once the email is verified); not your own, nor an ADMIN_EMAILS admin's",
        params: personIdParams,
        body: roleChangeSchema,
        response: { 200: personSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      orHttpError(
        await people.changeRole(signedInUser(request), request.params.id, request.body.role),
        NO_SUCH_PERSON,
      ),
  );

  routes.delete(
    "/people/:id",
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Remove an account: signed out everywhere at once; the bikes they added stay as warehouse stock and the ledger keeps their history",
        params: personIdParams,
        response: { 200: removedPersonSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) =>
      orHttpError(await people.remove(signedInUser(request), request.params.id), NO_SUCH_PERSON),
  );
}
