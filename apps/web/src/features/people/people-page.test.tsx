import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Account, Role } from "@ultimate-bikes/contract/roles";
import type { People, Person } from "@ultimate-bikes/contract/people";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PeoplePage } from "./people-page";
import { stubScreenWidth } from "../../test/screen-width";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "admin-1" } }, isPending: false }),
}));

const person = (id: string, name: string, changes: Partial<Person> = {}): Person => ({
  id,
  name,
  email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
  emailVerified: true,
  role: "member",
  storedRole: "member",
  configuredAdmin: false,
  createdAt: "2026-11-20T09:00:00.000Z",
  ...changes,
});

const PEOPLE: People = {
  people: [
    person("ann-1", "Ann Example", { emailVerified: false }),
    person("cfg-1", "Cora Config", { role: "admin", configuredAdmin: true }),
    person("admin-1", "Adam Admin", { role: "admin", storedRole: "admin" }),
  ],
  invitations: [
    {
      id: "5b1c9f0e-7a51-4a4e-9c39-3f1a0d1e2b3c",
      email: "newcomer@example.com",
      role: "staff",
      invitedBy: "Adam Admin",
      createdAt: "2026-11-21T09:00:00.000Z",
      expiresAt: "2026-11-28T09:00:00.000Z",
    },
  ],
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The page for a caller with `role` on a screen `width` wide, with the browser's fetch as the
 * boundary: `answer` may answer a write; every request is recorded.
 */
function renderPeople(
  role: Role,
  {
    width = 1280,
    answer,
    pendingRole = null,
  }: { width?: number; answer?: (sent: Sent) => Response; pendingRole?: Role | null } = {},
) {
  const sent: Sent[] = [];
  // A removed person leaves the list, as on the server.
  let listed = PEOPLE;
  const account: Account = {
    id: "admin-1",
    name: "Adam Admin",
    email: "adam@example.com",
    emailVerified: pendingRole === null,
    role,
    pendingRole,
    accessPolicy: "invite",
    homePlaceId: null,
  };
  stubScreenWidth(width);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const request = {
        method: init?.method ?? "GET",
        url,
        body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      };
      sent.push(request);
      if (url === "/api/account") return Response.json(account);
      if (request.method === "GET" && url === "/api/people") return Response.json(listed);
      if (request.method === "DELETE" && url.startsWith("/api/people/")) {
        listed = { ...listed, people: listed.people.filter((one) => !url.endsWith(`/${one.id}`)) };
      }
      if (answer) return answer(request);
      throw new Error(`unexpected ${request.method} ${url}`);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PeoplePage />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup() };
}

describe("the People page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tells a non-admin that only admins manage people, without asking for the list", async () => {
    const { sent } = renderPeople("staff");
    expect(
      await screen.findByText(/Only admins manage people/, undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "People" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send invitation" })).toBeNull();
    expect(sent.map((request) => request.url)).toEqual(["/api/account"]);
    expect(document.title).toBe("People- Ultimate Bikes");
  });

  it("tells a configured admin who has not confirmed their email how to start, not that only admins manage people", async () => {
    const { sent } = renderPeople("member", { pendingRole: "admin" });
    expect(
      await screen.findByText("You are invited as Admin: confirm your email to start."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send the link again" })).toBeInTheDocument();
    expect(screen.queryByText(/Only admins manage people/)).toBeNull();
    expect(sent.map((request) => request.url)).toEqual(["/api/account"]);
  });

  it("tells invited staff who have not confirmed their email how to start, and who manages people", async () => {
    renderPeople("member", { pendingRole: "staff" });
    expect(
      await screen.findByText("You are invited as Staff: confirm your email to start."),
    ).toBeInTheDocument();
    expect(screen.getByText(/Only admins manage people/)).toBeInTheDocument();
  });

  it("shows an admin the policy, the invitations and everyone, locking yourself and ADMIN_EMAILS admins", async () => {
    renderPeople("admin");
    const table = await screen.findByRole("table", { name: "People" });
    expect(
      screen.getByText("New accounts are members until an admin makes them staff."),
    ).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Name", "Email", "Role", "Change"]);

    const ann = within(table).getByRole("row", { name: /Ann Example/ });
    expect(
      within(ann).getByText("Email not verified: staff rights start once verified"),
    ).toBeInTheDocument();
    expect(within(ann).getByRole("button", { name: "Remove Ann Example" })).toBeEnabled();
    // Save waits for a different role.
    expect(
      within(ann).getByRole("button", { name: "Save the role of Ann Example" }),
    ).toBeDisabled();

    const self = within(table).getByRole("row", { name: /Adam Admin/ });
    const removeSelf = within(self).getByRole("button", { name: "Remove Adam Admin" });
    expect(removeSelf).toBeDisabled();
    expect(removeSelf).toHaveAccessibleDescription(
      "This is you: another admin can change your role or remove your account.",
    );
    const configured = within(table).getByRole("row", { name: /Cora Config/ });
    const configuredRole = within(configured).getByRole("combobox", {
      name: "Role for Cora Config",
    });
    expect(configuredRole).toBeDisabled();
    // The role they have, not the member role stored for them.
    expect(configuredRole).toHaveValue("admin");
    expect(within(configured).getByText(/An admin through ADMIN_EMAILS/)).toBeInTheDocument();

    const invitations = screen.getByRole("list", { name: "Pending invitations" });
    expect(within(invitations).getByText("newcomer@example.com")).toBeInTheDocument();
    expect(
      within(invitations).getByRole("button", {
        name: "Revoke the invitation to newcomer@example.com",
      }),
    ).toBeInTheDocument();
  });

  it("saves a new role and removes someone after asking", async () => {
    const { sent, user } = renderPeople("admin", {
      answer: (request) =>
        request.method === "PATCH"
          ? Response.json(person("ann-1", "Ann Example", { role: "staff", storedRole: "staff" }))
          : Response.json({ removed: true, bikesKept: 2 }),
    });
    const ann = await screen.findByRole("row", { name: /Ann Example/ });
    await user.selectOptions(
      within(ann).getByRole("combobox", { name: "Role for Ann Example" }),
      "staff",
    );
    await user.click(within(ann).getByRole("button", { name: "Save the role of Ann Example" }));
    expect(await screen.findByText("Ann Example is now Staff.")).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: "PATCH",
      url: "/api/people/ann-1",
      body: { role: "staff" },
    });

    vi.stubGlobal(
      "confirm",
      vi.fn(() => true),
    );
    await user.click(within(ann).getByRole("button", { name: "Remove Ann Example" }));
    expect(window.confirm).toHaveBeenCalledWith(expect.stringMatching(/^Remove Ann Example\?/));
    expect(
      await screen.findByText(
        "Ann Example was removed. The 2 bikes they added stay in the warehouse.",
      ),
    ).toBeInTheDocument();
    expect(sent).toContainEqual({ method: "DELETE", url: "/api/people/ann-1", body: undefined });
    await vi.waitFor(() => expect(screen.queryByRole("row", { name: /Ann Example/ })).toBeNull());
  });

  it("shows an invitation's field error at the field and sends nothing", async () => {
    const { sent, user } = renderPeople("admin");
    const email = await screen.findByLabelText("Email");
    await user.type(email, "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(email).toHaveAccessibleDescription("Email must be an email address");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(sent.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("sends an invitation and says so; a refusal shows the server's message", async () => {
    const { sent, user } = renderPeople("admin", {
      answer: (request) =>
        (request.body as { email: string }).email === "adam@example.com"
          ? Response.json(
              {
                statusCode: 409,
                error: "Conflict",
                message: "You cannot change your own role: ask another admin.",
              },
              { status: 409 },
            )
          : Response.json(
              { invitation: { ...PEOPLE.invitations[0], email: "bo@example.com", role: "admin" } },
              { status: 201 },
            ),
    });
    const email = await screen.findByLabelText("Email");
    await user.type(email, "Bo@Example.com");
    await user.selectOptions(screen.getByLabelText("Role"), "admin");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to bo@example.com.")).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: "POST",
      url: "/api/people/invitations",
      body: { email: "bo@example.com", role: "admin" },
    });
    expect(email).toHaveValue("");

    await user.type(email, "adam@example.com");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(
      await screen.findByText("You cannot change your own role: ask another admin."),
    ).toHaveAttribute("role", "alert");
    expect(email).toHaveValue("adam@example.com");
  });

  it("is a list of cards on a phone", async () => {
    renderPeople("admin", { width: 375 });
    const list = await screen.findByRole("list", { name: "People" });
    expect(screen.queryByRole("table")).toBeNull();
    const card = within(list).getByRole("article", { name: "Ann Example" });
    expect(
      within(card)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Email", "Verified", "Role", "Joined"]);
    expect(within(card).getByRole("button", { name: "Remove Ann Example" })).toBeInTheDocument();
  });
});
