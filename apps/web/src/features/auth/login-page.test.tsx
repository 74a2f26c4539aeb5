import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths";
import type * as AuthApi from "./auth-api";
import { signInWithEmail } from "./auth-api";
import { LoginPage } from "./login-page";
import { RequireAuth } from "./require-auth";

// The auth api module is the boundary: the e2e suite runs the same page against the server.
vi.mock("./auth-api", async (importOriginal) => ({
  ...(await importOriginal<typeof AuthApi>()),
  signInWithEmail: vi.fn(async () => {
    throw new Error("Invalid email or password");
  }),
  useSignInProviders: () => ({ data: { google: true, github: true } }),
}));

function renderLoginPage() {
  const router = createMemoryRouter([{ path: paths.login, element: <LoginPage /> }], {
    initialEntries: [paths.login],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("LoginPage", () => {
  it("shows a refused sign-in in red and keeps what was typed", async () => {
    const user = renderLoginPage();
    await user.type(screen.getByLabelText("Email address"), "staff@example.com");
    await user.type(screen.getByLabelText("Password"), "not the password");
    await user.click(screen.getByRole("button", { name: "Login" }));

    const error = await screen.findByRole("alert");
    expect(error).toHaveTextContent("Invalid email or password");
    expect(error).toHaveClass("text-danger");
    // Focus goes to the problem, not back to the start of the page.
    expect(error).toHaveFocus();
    expect(signInWithEmail).toHaveBeenCalledWith({
      email: "staff@example.com",
      password: "not the password",
    });
    expect(screen.getByLabelText("Email address")).toHaveValue("staff@example.com");
  });

  it("leaves empty fields to the browser's own required check", () => {
    renderLoginPage();
    for (const [label, name] of [
      ["Email address", "email"],
      ["Password", "password"],
    ] as const) {
      expect(screen.getByLabelText(label)).toBeRequired();
      expect(screen.getByLabelText(label)).toHaveAttribute("name", name);
    }
  });

  describe("reached through the route guard", () => {
    afterEach(() => vi.unstubAllGlobals());

    /** A visitor opens `/dashboard`, behind the guard; returns the API paths the app asked. */
    function openGuardedScreen() {
      const asked: string[] = [];
      vi.stubGlobal(
        "fetch",
        vi.fn(async (url: string) => {
          asked.push(url);
          // Who is signed in: nobody. Anything else would be the screen's own call.
          return url === "/api/account"
            ? Response.json(null)
            : Response.json({ message: "Unauthorized" }, { status: 401 });
        }),
      );
      const Dashboard = vi.fn(() => {
        void fetch("/api/dashboard");
        return <h1>Dashboard</h1>;
      });
      const router = createMemoryRouter(
        [
          {
            element: <RequireAuth titleOf={() => "Dashboard"} />,
            children: [{ path: paths.dashboard, element: <Dashboard /> }],
          },
          { path: paths.login, element: <LoginPage /> },
        ],
        { initialEntries: [paths.dashboard] },
      );
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      return { asked, Dashboard };
    }

    it("says which screen the visitor will reach, and the screen never asked the API", async () => {
      const { asked, Dashboard } = openGuardedScreen();
      expect(await screen.findByText("Sign in to continue to Dashboard")).toBeVisible();
      expect(screen.getByRole("heading", { level: 1, name: "Please Login" })).toBeVisible();
      expect(Dashboard).not.toHaveBeenCalled();
      expect(asked).toEqual(["/api/account"]);
    });
  });

  it("says nothing of the kind when opened from the navigation bar", () => {
    renderLoginPage();
    expect(screen.queryByText(/Sign in to continue/)).not.toBeInTheDocument();
  });
});
