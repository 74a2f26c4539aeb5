import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths";
import type * as AuthApi from "./auth-api";
import { registerAccount } from "./auth-api";
import { RegisterPage } from "./register-page";

// The auth api module is the boundary: the e2e suite runs the same page against the server.
vi.mock("./auth-api", async (importOriginal) => ({
  ...(await importOriginal<typeof AuthApi>()),
  registerAccount: vi.fn(async () => true),
}));

function renderRegisterPage() {
  const router = createMemoryRouter(
    [
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.login, element: <h1>Login page</h1> },
      { path: paths.home, element: <h1>Home page</h1> },
    ],
    { initialEntries: [paths.register] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.type(screen.getByLabelText("Your name"), "Nadia Rahman");
  await user.type(screen.getByLabelText("Email address"), "nadia@example.com");
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Register" }));
}

describe("RegisterPage", () => {
  beforeEach(() => vi.mocked(registerAccount).mockClear());

  it("says a guessable password is too easy to guess, and sends nothing", async () => {
    const user = renderRegisterPage();
    await fillIn(user, "password");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /^This password is too easy to guess\./,
    );
    expect(registerAccount).not.toHaveBeenCalled();
  });

  it("registers with a strong password and goes on signed in", async () => {
    const user = renderRegisterPage();
    await fillIn(user, "gravel roads at dawn");
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(registerAccount).toHaveBeenCalledWith({
      name: "Nadia Rahman",
      email: "nadia@example.com",
      password: "gravel roads at dawn",
    });
  });

  it("sends someone whose email already had an account to the login page", async () => {
    vi.mocked(registerAccount).mockResolvedValueOnce(false);
    const user = renderRegisterPage();
    await fillIn(user, "gravel roads at dawn");
    expect(await screen.findByRole("heading", { name: "Login page" })).toBeInTheDocument();
  });
});
