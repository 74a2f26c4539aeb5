import { linkStatusSchema, type LinkStatus } from "@ultimate-bikes/contract/accounts";
import { apiRequest } from "../../lib/api-client";

/** Asks the server what an emailed link's token would do, without using it. */
export async function emailLinkStatus(
  kind: "email-verification" | "password-reset",
  token: string,
): Promise<LinkStatus> {
  const { status } = await apiRequest(
    `/account/${kind}-status?token=${encodeURIComponent(token)}`,
    linkStatusSchema,
  );
  return status;
}
