import type { Account, Role } from "@ultimate-bikes/contract/roles";

/**
 * What `GET /api/account` answers for the user the component tests sign in (their mocked
 * session is user-1, jo@example.com), with `role`, under the invite policy.
 */
export const signedInAccount = (role: Role): Account => ({
  id: "user-1",
  name: "Jo",
  email: "jo@example.com",
  emailVerified: true,
  role,
  accessPolicy: "invite",
  homePlaceId: null,
});
