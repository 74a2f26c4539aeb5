import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import type { StockItem } from "@ultimate-bikes/contract/stock";
import type { StockEvent, StockEventKind } from "@ultimate-bikes/contract/stock-events";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { vi } from "vitest";
import { BikeDetailPage } from "../features/bikes/bike-detail-page";
import { InventoryPage } from "../features/bikes/inventory-page";
import { LiveStock } from "../features/bikes/live-stock";
import { FakeEventSource } from "./fake-event-source";
import { TEST_PLACES } from "./places";

/* The live stock tests' app: its screens, an API answering them, and the stream's events. */

/** A movement of `bike` as the stream sends it, leaving it with `quantity`. */
export function change(bike: StockItem, kind: StockEventKind, delta: number, quantity: number) {
  const event: StockEvent = {
    id: 0,
    bikeId: bike._id,
    name: bike.name,
    kind,
    delta,
    quantity,
    at: "2026-11-22T11:00:00.000Z",
    placeId: null,
    place: null,
    placeDelta: null,
    placeQuantity: null,
    inTransit: null,
    transferId: null,
    ...(kind === "create" || kind === "seed" ? { bike: { ...bike, quantity } } : {}),
  };
  return event;
}

const STAFF_ACCOUNT = {
  id: "staff-1",
  name: "Sam Staff",
  email: "sam@example.com",
  emailVerified: true,
  role: "staff",
  accessPolicy: "open",
};

/**
 * The app's screens inside LiveStock, as the root layout has them, against an API holding
 * `stock`: the stock list, each bike (404 once it is gone from `stock`) and an empty ledger.
 * A read named in `positions` answers with that ledger position (LEDGER_POSITION_HEADER).
 * Mock lib/auth-client as a staff session in the test file: the bike page asks for it.
 */
export function renderApp(
  path: string,
  stock: StockItem[] = [],
  positions: Record<string, number> = {},
) {
  const requests: string[] = [];
  const json = (pathname: string, body: unknown) => {
    const position = positions[pathname];
    const headers: Record<string, string> =
      position === undefined ? {} : { [LEDGER_POSITION_HEADER]: String(position) };
    return Response.json(body, { headers });
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const { pathname } = new URL(url, "http://localhost");
      requests.push(pathname);
      if (pathname === "/api/suppliers") return json(pathname, []);
      if (pathname === "/api/places") return json(pathname, TEST_PLACES);
      // Signed in as staff: the bike page shows its stock actions to staff only.
      if (pathname === "/api/account") return json(pathname, STAFF_ACCOUNT);
      if (pathname === "/api/stock") {
        return json(pathname, { items: stock, nextCursor: null, total: stock.length });
      }
      if (pathname.endsWith("/movements")) return json(pathname, []);
      const bike = stock.find((candidate) => pathname === `/api/bikes/${candidate._id}`);
      if (bike) return json(pathname, bike);
      return Response.json(
        { statusCode: 404, error: "Not Found", message: "No bike with that id" },
        { status: 404 },
      );
    }),
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <LiveStock>
            <Outlet />
          </LiveStock>
        ),
        children: [
          { path: "/inventory", element: <InventoryPage /> },
          { path: "/inventory/:id", element: <BikeDetailPage /> },
          { path: "/blog", element: <p>Nothing about stock here.</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const count = (wanted: string) => requests.filter((pathname) => pathname === wanted).length;
  return { count };
}

/** The stream the app opened (once its code has loaded), made live as of movement 40. */
export async function liveStream() {
  const source = await waitFor(() => FakeEventSource.latest());
  source.open();
  source.send("ready", { lastEventId: 40 }, 40);
  return source;
}

export const card = (name: string) => screen.getByRole("article", { name });
export const quantityOn = (element: HTMLElement) =>
  within(element).getByText("Quantity").nextElementSibling;
