import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScrollRestoration } from "./scroll-restoration";

/** jsdom does not scroll: the window's position is this number, which scrollTo sets. */
let scrollY = 0;
const scrollTo = vi.fn(({ top }: ScrollToOptions) => {
  scrollY = top ?? 0;
});

/** The person scrolls the window to `top`. */
function scrollBy(top: number) {
  scrollY = top;
  act(() => void window.dispatchEvent(new Event("scroll")));
}

function Back() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Forward
      </button>
    </>
  );
}

function renderApp(start = "/inventory") {
  render(
    <MemoryRouter initialEntries={[start]}>
      <ScrollRestoration />
      <Link to="/inventory">Inventory</Link>
      <Link to="/login">Login</Link>
      <Link to="/inventory?page=2">Next page</Link>
      <Link to="#main">Skip to content</Link>
      <Back />
      <Routes>
        <Route path="/inventory" element={<h1>Inventory</h1>} />
        <Route path="/login" element={<h1>Please Login</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  scrollY = 0;
  scrollTo.mockClear();
  sessionStorage.clear();
  vi.spyOn(window, "scrollTo").mockImplementation(scrollTo as typeof window.scrollTo);
  vi.spyOn(window, "scrollY", "get").mockImplementation(() => scrollY);
});
afterEach(() => vi.restoreAllMocks());

describe("ScrollRestoration", () => {
  it("opens a new screen at its top, however far the last one was scrolled", async () => {
    const user = renderApp();
    scrollBy(1800);
    await user.click(screen.getByRole("link", { name: "Login" }));
    expect(screen.getByRole("heading", { name: "Please Login" })).toBeInTheDocument();
    expect(scrollY).toBe(0);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: "instant" });
  });

  it("brings Back and Forward to where each entry was scrolled", async () => {
    const user = renderApp();
    scrollBy(1800);
    await user.click(screen.getByRole("link", { name: "Login" }));
    scrollBy(250);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("heading", { name: "Inventory" })).toBeInTheDocument();
    expect(scrollY).toBe(1800);
    await user.click(screen.getByRole("button", { name: "Forward" }));
    expect(screen.getByRole("heading", { name: "Please Login" })).toBeInTheDocument();
    expect(scrollY).toBe(250);
  });

  it("leaves the position alone when only the query changes (the same screen)", async () => {
    const user = renderApp();
    scrollBy(600);
    await user.click(screen.getByRole("link", { name: "Next page" }));
    expect(scrollY).toBe(600);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("leaves a jump within the page to the browser, there and back", async () => {
    const user = renderApp();
    scrollBy(900);
    await user.click(screen.getByRole("link", { name: "Skip to content" }));
    // The browser scrolls to #main itself; Back to the same page without it is its to handle too.
    scrollBy(60);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(scrollY).toBe(60);
  });

  it("lets the browser's own restoration step aside while it runs", () => {
    renderApp();
    expect(history.scrollRestoration).toBe("manual");
  });
});
