import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Place } from "@ultimate-bikes/contract/places";
import type { Account, Role } from "@ultimate-bikes/contract/roles";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authClient } from "../../lib/better-auth-client";
import { ProfilePage } from "./profile-page";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({
    data: { user: { id: "user-1", name: "Marigold Oberwinter", email: "jo@example.com" } },
    isPending: false,
  }),
}));

// better-auth's browser client is the boundary: the API tests hold the server to these calls.
const ok = { data: { status: true }, error: null };
vi.mock("../../lib/better-auth-client", () => ({
  authClient: {
    updateUser: vi.fn(),
    changePassword: vi.fn(),
    revokeOtherSessions: vi.fn(),
  },
}));

const openPlace = (id: string, name: string, main = false): Place => ({
  id,
  name,
  kind: main ? "warehouse" : "showroom",
  city: name.split(" ")[0] ?? "Dhaka",
  address: null,
  archivedAt: null,
  main,
  units: 0,
});
const MAIN_WAREHOUSE = openPlace("place-main", "Main warehouse", true);
const KHULNA = openPlace("place-khulna", "Khulna showroom");
const SYLHET = openPlace("place-sylhet", "Sylhet showroom");

/** The home places the profile saved, in order (PUT /api/account/home-place bodies). */
let homePlacesSaved: unknown[] = [];

function renderProfile({
  role = "member",
  pendingRole = null,
  emailVerified = pendingRole === null,
  homePlaceId = null,
}: Partial<Account> = {}) {
  const account: Account = {
    id: "user-1",
    name: "Marigold Oberwinter",
    email: "jo@example.com",
    emailVerified,
    role: role as Role,
    pendingRole,
    accessPolicy: "invite",
    homePlaceId,
  };
  homePlacesSaved = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/account") return Response.json(account);
      // The open places only: an archived home place is not among them.
      if (url === "/api/account/low-stock-alerts") return Response.json({ subscribed: false });
      if (url === "/api/places") return Response.json([MAIN_WAREHOUSE, KHULNA, SYLHET]);
      if (url === "/api/account/home-place" && init?.method === "PUT") {
        const { placeId } = JSON.parse(String(init.body)) as { placeId: string | null };
        homePlacesSaved.push(placeId);
        account.homePlaceId = placeId;
        return Response.json({ homePlaceId: placeId });
      }
      throw new Error(`unexpected ${url}`);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfilePage />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("the profile", () => {
  beforeEach(() => {
    vi.mocked(authClient.updateUser)
      .mockReset()
      .mockResolvedValue(ok as never);
    vi.mocked(authClient.changePassword)
      .mockReset()
      .mockResolvedValue(ok as never);
    vi.mocked(authClient.revokeOtherSessions)
      .mockReset()
      .mockResolvedValue(ok as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the email and role, and no pending role when none waits", async () => {
    renderProfile();
    expect(await screen.findByText("jo@example.com")).toBeInTheDocument();
    expect(screen.getByText("Member")).toBeInTheDocument();
    expect(screen.queryByText(/confirm your email/)).toBeNull();
  });

  it("tells someone invited as staff to confirm their email, with the link to send again", async () => {
    renderProfile({ pendingRole: "staff" });
    expect(
      await screen.findByText("You are invited as Staff: confirm your email to start."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send the link again" })).toBeInTheDocument();
  });

  it("offers anyone whose email is not confirmed the link again", async () => {
    renderProfile({ emailVerified: false });
    expect(await screen.findByText("Your email is not confirmed yet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send the link again" })).toBeInTheDocument();
  });

  it("changes the name through better-auth, and refuses a blank one without sending", async () => {
    const user = renderProfile();
    const name = await screen.findByLabelText("Your name");
    expect(name).toHaveValue("Marigold Oberwinter");

    await user.clear(name);
    await user.type(name, "   ");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter your name.");
    expect(authClient.updateUser).not.toHaveBeenCalled();

    await user.clear(name);
    await user.type(name, "Jo Racer");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Your name is saved.")).toBeInTheDocument();
    expect(authClient.updateUser).toHaveBeenCalledWith({ name: "Jo Racer" });
  });

  async function fillPasswords(
    user: ReturnType<typeof userEvent.setup>,
    current: string,
    next: string,
    confirm = next,
  ) {
    for (const [label, value] of [
      ["Current password", current],
      ["New password", next],
      ["Repeat the new password", confirm],
    ] as const) {
      const field = await screen.findByLabelText(label);
      await user.clear(field);
      await user.type(field, value);
    }
    await user.click(screen.getByRole("button", { name: "Change password" }));
  }

  it("refuses a guessable new password, one made of the name, and two that differ, without sending", async () => {
    const user = renderProfile();
    await fillPasswords(user, "the old one", "password");
    expect(await screen.findByRole("alert")).toHaveTextContent(/^This password is too easy/);

    await fillPasswords(user, "the old one", "MarigoldOberwinter");
    expect(await screen.findByRole("alert")).toHaveTextContent(/^This password is too easy/);

    await fillPasswords(user, "the old one", "gravel roads at dawn", "gravel roads at dusk");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The two new passwords are not the same.",
    );
    expect(authClient.changePassword).not.toHaveBeenCalled();
  });

  it("changes the password with the current one, signing out the other sessions and dropping the old token", async () => {
    localStorage.setItem("accessToken", "a.token.of-the-old-session");
    const user = renderProfile();
    await fillPasswords(user, "the old one", "gravel roads at dawn");
    expect(
      await screen.findByText("Your password is changed. Every other session is signed out."),
    ).toBeInTheDocument();
    expect(authClient.changePassword).toHaveBeenCalledWith({
      currentPassword: "the old one",
      newPassword: "gravel roads at dawn",
      revokeOtherSessions: true,
    });
    expect(localStorage.getItem("accessToken")).toBeNull();
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });

  it("says plainly when the current password is wrong", async () => {
    vi.mocked(authClient.changePassword).mockResolvedValue({
      data: null,
      error: {
        status: 400,
        statusText: "Bad Request",
        code: "INVALID_PASSWORD",
        message: "Invalid password",
      },
    } as never);
    const user = renderProfile();
    await fillPasswords(user, "not it", "gravel roads at dawn");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "That is not your current password.",
    );
  });

  it("signs out the other sessions", async () => {
    const user = renderProfile();
    await user.click(await screen.findByRole("button", { name: "Sign out other sessions" }));
    expect(await screen.findByText("Every other session is signed out.")).toBeInTheDocument();
    expect(authClient.revokeOtherSessions).toHaveBeenCalledOnce();
  });
  it("saves a home place picked among the open places, then reads the account again", async () => {
    const user = renderProfile({ role: "staff" });
    const picker = await screen.findByRole("combobox", { name: "Home place" });
    expect(picker).toHaveDisplayValue("Main warehouse (default)");
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Main warehouse (default)", "Khulna showroom", "Sylhet showroom"]);
    const save = screen.getByRole("button", { name: "Save home place" });
    expect(save).toBeDisabled();

    await user.selectOptions(picker, "Khulna showroom");
    await user.click(save);
    expect(await screen.findByText("Your home place is Khulna showroom.")).toBeInTheDocument();
    expect(homePlacesSaved).toEqual([KHULNA.id]);
    // The account, read again, says the new home place: nothing is left to save.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Save home place" })).toBeDisabled(),
    );
    expect(picker).toHaveDisplayValue("Khulna showroom");
  });

  it("clears the home place with Main warehouse (default)", async () => {
    const user = renderProfile({ homePlaceId: SYLHET.id });
    const picker = await screen.findByRole("combobox", { name: "Home place" });
    await waitFor(() => expect(picker).toHaveDisplayValue("Sylhet showroom"));
    await user.selectOptions(picker, "Main warehouse (default)");
    await user.click(screen.getByRole("button", { name: "Save home place" }));
    expect(await screen.findByText("Your home place is the main warehouse.")).toBeInTheDocument();
    expect(homePlacesSaved).toEqual([null]);
  });

  it("says when the chosen home place was archived since", async () => {
    renderProfile({ homePlaceId: "place-archived" });
    const picker = await screen.findByRole("combobox", { name: "Home place" });
    expect(picker).toHaveDisplayValue("Main warehouse (default)");
    expect(picker).toHaveAccessibleDescription(/The home place you chose was archived/);
  });
});
