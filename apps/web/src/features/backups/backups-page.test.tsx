import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Backup, BackupList } from "@ultimate-bikes/contract/backups";
import type { Account, Role } from "@ultimate-bikes/contract/roles";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubScreenWidth } from "../../test/screen-width";
import { BackupsPage } from "./backups-page";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "admin-1" } }, isPending: false }),
}));

const OLDER: Backup = {
  name: "ultimate-bikes-2026-11-25T03-00-00.000Z.tar",
  size: 399_872,
  createdAt: "2026-11-25T03:00:00.000Z",
};
const NEWER: Backup = {
  name: "ultimate-bikes-2026-11-26T14-08-16.123Z.tar",
  size: 5_452_595,
  createdAt: "2026-11-26T14:08:16.123Z",
};

const SQLITE: BackupList = {
  database: "sqlite",
  folder: "/srv/ultimate-bikes/backups",
  schedule: { everyHours: 24, keep: 14 },
  backups: [OLDER],
};

/**
 * The page for a caller with `role` on a screen `width` wide, with the browser's fetch as the
 * boundary; `list` is what GET /api/backups answers (a Response: a failure), every request is kept.
 */
function renderBackups(role: Role, { width = 1280, list = SQLITE as BackupList | Response } = {}) {
  const sent: string[] = [];
  let listed = list;
  const account: Account = {
    id: "admin-1",
    name: "Adam Admin",
    email: "adam@example.com",
    emailVerified: true,
    role,
    pendingRole: null,
    accessPolicy: "invite",
    homePlaceId: null,
  };
  stubScreenWidth(width);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      sent.push(`${method} ${url}`);
      if (url === "/api/account") return Response.json(account);
      if (method === "GET" && url === "/api/backups") {
        return listed instanceof Response ? listed.clone() : Response.json(listed);
      }
      if (method === "POST" && url === "/api/backups" && !(listed instanceof Response)) {
        listed = { ...listed, backups: [NEWER, ...listed.backups] };
        return Response.json(NEWER, { status: 201 });
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <BackupsPage />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup() };
}

describe("the Backups page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tells staff only admins see backups, without asking for them", async () => {
    const { sent } = renderBackups("staff");
    expect(
      await screen.findByText("Only admins see and make backups.", undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Make a backup now" })).toBeNull();
    expect(sent).toEqual(["GET /api/account"]);
    expect(document.title).toBe("Backups- Ultimate Bikes");
  });

  it("lists the backups with their size, the folder and the schedule, each a download link", async () => {
    renderBackups("admin");
    const table = await screen.findByRole("table", { name: "Backups" });
    expect(screen.getByText("/srv/ultimate-bikes/backups")).toBeInTheDocument();
    expect(
      screen.getByText("A backup is made every 24 hours; the newest 14 are kept."),
    ).toBeInTheDocument();
    const row = within(table).getByRole("row", { name: /25 Nov 2026/ });
    expect(within(row).getByText("390.5 KB")).toBeInTheDocument();
    const download = within(row).getByRole("link", { name: /^Download the backup of 25 Nov 2026/ });
    expect(download).toHaveAttribute("href", `/api/backups/${OLDER.name}`);
    expect(download).toHaveAttribute("download", OLDER.name);
  });

  it("makes a backup now and lists it first", async () => {
    const { sent, user } = renderBackups("admin");
    await user.click(await screen.findByRole("button", { name: "Make a backup now" }));
    expect(await screen.findByText("Backup made: 5.2 MB, ready to download.")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Backups" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      expect.stringMatching(/^26 Nov 2026/),
      expect.stringMatching(/^25 Nov 2026/),
    ]);
    expect(sent).toContain("POST /api/backups");
  });

  it("shows one card a backup on a phone", async () => {
    renderBackups("admin", { width: 375 });
    const cards = await screen.findByRole("list", { name: "Backups" });
    expect(within(cards).getByRole("article", { name: /25 Nov 2026/ })).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says there are no backups yet, and explains that PostgreSQL's are the operator's", async () => {
    renderBackups("admin", { list: { ...SQLITE, schedule: null, backups: [] } });
    expect(await screen.findByText("No backups yet.")).toBeInTheDocument();
    expect(screen.getByText(/the server's operator can set BACKUP_EVERY/)).toBeInTheDocument();
  });

  it("says the operator makes PostgreSQL's backups, with no button that could only be refused", async () => {
    renderBackups("admin", {
      list: { database: "postgres", folder: null, schedule: null, backups: [] },
    });
    expect(await screen.findByText(/made by the server's operator with/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Make a backup now" })).toBeNull();
  });

  it("shows a failed list readably, with a way to try again", async () => {
    renderBackups("admin", {
      list: Response.json(
        { statusCode: 500, error: "Internal Server Error", message: "Internal Server Error" },
        { status: 500 },
      ),
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("The server had a problem. Try again.")).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
