import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { createMemoryRouter, generatePath, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RequireAuth } from "../../features/auth/require-auth";
import { signedInAccount } from "../../test/signed-in-account";
import { LazyScreenElement } from "./lazy-screen";
import { screens } from "./screen-list";
import { lazyRoutes } from "./screens";

/*
 * A screen's declared first reads are the requests its page sends first, URL for URL: the server
 * names them in the page's HTML as preloads (docs/decisions/017), so a read declared and not sent
 * is a wasted download, and a read sent first and not declared waits a round trip it need not.
 * (What a page asks once the account is in, such as People's list for an admin, comes after.)
 */

const ID = "0b7d6f1e-2a55-4f3e-9a51-5b0f3c2d1e10";

/** What the API answers, enough for each page to ask for what it asks first. */
function answer(url: URL): Response {
  if (url.pathname === "/api/account") return Response.json(signedInAccount("admin"));
  if (url.pathname === "/api/stock")
    return Response.json({ items: [], nextCursor: null, total: 0 });
  if (url.pathname === "/api/suppliers") return Response.json([]);
  return Response.json(
    { statusCode: 404, error: "Not Found", message: "Nothing" },
    { status: 404 },
  );
}

function openScreen(path: string, signedIn: boolean | undefined) {
  const requests: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      requests.push(`${url.pathname}${url.search}`);
      return answer(url);
    }),
  );
  const route = lazyRoutes.find((candidate) => candidate.path === path)!;
  const router = createMemoryRouter(
    [
      {
        element: signedIn ? (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ) : (
          <Outlet />
        ),
        children: [{ path, element: <LazyScreenElement screen={route.screen} /> }],
      },
    ],
    { initialEntries: [generatePath(path, { id: ID })] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe("each screen's first reads", () => {
  for (const screen of screens.filter((candidate) => candidate.firstReads)) {
    for (const path of screen.paths) {
      it(`are what ${path} asks for first`, async () => {
        const declared = screen.firstReads!({ id: ID });
        const requests = openScreen(path, screen.signedIn);
        await waitFor(() => expect(requests).toEqual(expect.arrayContaining(declared)));
        // Nothing else asked before them, and each asked once.
        expect(requests.slice(0, declared.length).sort()).toEqual([...declared].sort());
      });
    }
  }
});
