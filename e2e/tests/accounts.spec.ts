import { expect, type Page } from "@playwright/test";
import { mailedLink, PASSWORD, signUpViaApi, uniqueEmail } from "../support/accounts.ts";
import { test } from "../support/fixtures.ts";
import { navigation } from "../support/landmarks.ts";
import { OAUTH_CLIENTS } from "../support/oauth-clients.ts";

/** The email inside the stored access token (its payload; the server checks the signature). */
async function tokenEmail(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const token = localStorage.getItem("accessToken");
    const payload = token?.split(".")[1];
    return payload
      ? (JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { email: string }).email
      : undefined;
  });
}

/** The failed resource the browser logs when a login is refused (401). */
const isRefusedLogin = (text: string, url: string) =>
  url.endsWith("/api/auth/sign-in/email") && text.includes("401");

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

test("register, verify the email from the mailed link, log out, log back in", async ({
  page,
  pageErrors,
}) => {
  const email = uniqueEmail("register");
  await page.goto("/register");
  await expect(page).toHaveTitle("Register- Ultimate Bikes");
  await expect(page.getByRole("heading", { name: "Please Register" })).toBeVisible();
  await page.getByLabel("Your name").fill("Nadia Rahman");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();

  await expect(page).toHaveURL("/");
  await expect(navigation(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(navigation(page)).toContainText("Nadia Rahman");
  await expect.poll(() => tokenEmail(page)).toBe(email);

  const link = await mailedLink(email, "/verify-email");
  await page.goto(link);
  await expect(page.getByText("Your email is verified. Thank you!")).toBeVisible();
  await page.goto(link);
  await expect(page.getByText("This link was already used: your email is verified.")).toBeVisible();

  await navigation(page).getByRole("button", { name: "Logout" }).click();
  await expect(navigation(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect(navigation(page).getByRole("button", { name: "Stock" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();

  await navigation(page).getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveTitle("Login- Ultimate Bikes");
  pageErrors.expect(isRefusedLogin);
  await logIn(page, email, "not the password");
  const error = page.getByRole("alert").filter({ hasText: "Invalid email or password" });
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/text-danger/);

  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/");
  await expect.poll(() => tokenEmail(page)).toBe(email);
});

test("reset the password through the mailed link and log in with the new one", async ({
  page,
  pageErrors,
}) => {
  const { email } = await signUpViaApi(page, uniqueEmail("reset"));
  await page.context().clearCookies();
  await page.goto("/login");

  await page.getByRole("button", { name: "Reset your password" }).click();
  await expect(page.getByText("Please enter your email")).toBeVisible();

  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Reset your password" }).click();
  await expect(page.getByText("Password reset email sent")).toBeVisible();

  const link = await mailedLink(email, "/reset-password");
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("a fresh password");
  await page.getByLabel("Repeat the new password").fill("a fresh password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();

  await page.goto(link);
  await expect(page.getByText("This reset link was already used.")).toBeVisible();

  await page.goto("/login");
  pageErrors.expect(isRefusedLogin);
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await logIn(page, email, "a fresh password");
  await expect(page).toHaveURL("/");
});

test("a guarded page sends a visitor to log in, then back where they were going", async ({
  page,
}) => {
  const { email } = await signUpViaApi(page, uniqueEmail("guard"));
  await page.context().clearCookies();

  await page.goto("/manage-inventory");
  await expect(page).toHaveURL("/login");
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/manage-inventory");
  await expect(page.getByRole("heading", { name: "You can manage your inventory" })).toBeVisible();
  // Login replaced itself in history: Back does not return to the login form.
  await page.goBack();
  await expect(page).not.toHaveURL("/login");
});

for (const provider of ["google", "github"] as const) {
  const label = provider === "google" ? "Continue with google" : "Continue with Github";

  test(`${label} signs in through a 500x600 popup and gets the access token`, async ({ page }) => {
    // Remember what the app asks window.open for; the popup itself navigates too fast to measure.
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        (window as unknown as { popupFeatures: unknown }).popupFeatures = args[2];
        return open(...args);
      };
    });
    await page.goto("/my-item");
    await expect(page).toHaveURL("/login");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: label }).click();
    const popup = await popupOpened;
    await popup.waitForEvent("close");
    const features = await page.evaluate(
      () => (window as unknown as { popupFeatures: string }).popupFeatures,
    );
    expect(features).toContain("width=500");
    expect(features).toContain("height=600");

    await expect(page).toHaveURL("/my-item");
    await expect(page.getByRole("heading", { name: "My Items" })).toBeVisible();
    await expect(navigation(page)).toContainText(OAUTH_CLIENTS[provider].name);
    await expect.poll(() => tokenEmail(page)).toBe(OAUTH_CLIENTS[provider].email);
  });
}

test("a blocked popup falls back to a full-page sign-in", async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto("/add-new");
  await expect(page).toHaveURL("/login");
  await page.getByRole("button", { name: "Continue with google" }).click();
  await expect(page).toHaveURL("/add-new");
  await expect(page.getByRole("heading", { name: "Add Your own Bike" })).toBeVisible();
  await expect.poll(() => tokenEmail(page)).toBe(OAUTH_CLIENTS.google.email);
});
