import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Account, Role } from "@ultimate-bikes/contract/roles";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StaffPage } from "./staff-page";

vi.mock("../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1" } }, isPending: false }),
}));

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A staff page for a member whose role may wait for a verified email; `resend` answers the POST. */
function renderStaffPage(pendingRole: Role | null, resend?: () => Response) {
  const sent: Sent[] = [];
  const account: Account = {
    id: "user-1",
    name: "Jo",
    email: "jo@example.com",
    emailVerified: pendingRole === null,
    role: "member",
    pendingRole,
    accessPolicy: "invite",
    homePlaceId: null,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      sent.push({ method, url, body: init?.body && JSON.parse(String(init.body)) });
      if (url === "/api/account") return Response.json(account);
      if (method === "POST" && url === "/api/account/verification-email" && resend) return resend();
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <StaffPage title="Ledger" refusal="Only warehouse staff can read the whole ledger.">
          <p>The ledger itself</p>
        </StaffPage>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup() };
}

describe("a staff page for someone without the staff role", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives a member the refusal", async () => {
    renderStaffPage(null);
    expect(
      await screen.findByText("Only warehouse staff can read the whole ledger."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/confirm your email/)).toBeNull();
    expect(screen.queryByText("The ledger itself")).toBeNull();
  });

  it("tells invited staff to confirm their email and mails the link again, once a minute", async () => {
    let answers = 0;
    const { sent, user } = renderStaffPage("staff", () =>
      answers++ === 0
        ? Response.json({ sent: true, email: "jo@example.com" })
        : Response.json(
            {
              statusCode: 429,
              error: "Too Many Requests",
              message:
                "A link was sent less than a minute ago. Check your inbox (and spam), or ask again in 58 seconds.",
            },
            { status: 429, headers: { "retry-after": "58" } },
          ),
    );
    expect(
      await screen.findByText("You are invited as Staff: confirm your email to start."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Only warehouse staff can read the whole ledger.")).toBeNull();
    expect(screen.getByText("jo@example.com")).toBeInTheDocument();

    const resend = screen.getByRole("button", { name: "Send the link again" });
    await user.click(resend);
    expect(await screen.findByRole("status")).toHaveTextContent(
      "A new link is on its way to jo@example.com.",
    );
    expect(sent).toContainEqual({
      method: "POST",
      url: "/api/account/verification-email",
      body: {},
    });

    await user.click(resend);
    expect(await screen.findByRole("status")).toHaveTextContent(
      /less than a minute ago.*ask again in 58 seconds\.$/,
    );
    expect(resend).toHaveAccessibleDescription(/ask again in 58 seconds/);
  });
});
