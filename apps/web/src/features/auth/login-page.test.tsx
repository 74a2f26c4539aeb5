import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths";
import type * as AuthApi from "./auth-api";
import { signInWithEmail } from "./auth-api";
import { LoginPage } from "./login-page";

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
});
