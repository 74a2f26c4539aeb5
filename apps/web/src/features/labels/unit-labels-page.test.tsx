import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Role } from "@ultimate-bikes/contract/roles";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInAccount } from "../../test/signed-in-account";
import { testUnit } from "../../test/units";
import { chassisInGroups, UnitLabelsPage } from "./unit-labels-page";

vi.mock("../../lib/auth-client", () => ({
  useSession: () => ({ data: { user: { id: "user-1", email: "jo@example.com" } } }),
}));

const UNIT = testUnit();
const UNKNOWN = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

/** The unit labels of `path` for `role`, against an API that knows UNIT alone. */
function renderUnitLabels(path: string, role: Role = "staff") {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === "/api/account") return Response.json(signedInAccount(role));
      if (url === `/api/units/${UNIT.id}`) return Response.json({ unit: UNIT, history: [] });
      return Response.json(
        { statusCode: 404, error: "Not Found", message: "No unit with that id" },
        { status: 404 },
      );
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        <UnitLabelsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { asked };
}

describe("Unit labels", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("prints each unit's chassis number in groups, its QR code, engine, model, colour and year", async () => {
    renderUnitLabels(`/labels/units?units=${UNIT.id},${UNKNOWN}`);
    const label = await screen.findByRole("article", { name: `Label of unit ${UNIT.chassis}` });
    expect(within(label).getByText("ME1 RM2810 P0012345")).toBeInTheDocument();
    expect(
      await within(label).findByRole("img", { name: `QR code of chassis number ${UNIT.chassis}` }),
    ).toHaveAttribute("src", expect.stringMatching(/^data:image\/png;base64,/));
    expect(label).toHaveTextContent("Engine M401E0123456");
    expect(label).toHaveTextContent("Yamaha MT-07");
    expect(label).toHaveTextContent("Racing Blue, 2026");
    expect(await screen.findByText("This unit is not recorded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Print" })).toBeEnabled();
  });

  it("says how to choose units when the address names none", async () => {
    const { asked } = renderUnitLabels("/labels/units");
    expect(await screen.findByText(/^No units chosen\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Print" })).toBeDisabled();
    expect(asked).toEqual(["/api/account"]);
  });

  it("is for staff only", async () => {
    const { asked } = renderUnitLabels(`/labels/units?units=${UNIT.id}`, "member");
    expect(
      await screen.findByText("Only warehouse staff print labels. Ask an admin if you need to."),
    ).toBeInTheDocument();
    expect(asked).toEqual(["/api/account"]);
  });
});

describe("a chassis number in groups", () => {
  it("splits the maker's code, the model's part with its check digit, and the serial part", () => {
    expect(chassisInGroups("ME1RM2810P0012345")).toBe("ME1 RM2810 P0012345");
  });
});
