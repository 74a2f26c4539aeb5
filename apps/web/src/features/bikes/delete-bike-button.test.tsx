import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toastDeletedWithUndo } from "./delete-bike-button";
import { stockItem } from "../../test/stock-items";

/** The toast after a delete, against an API whose restore answers `restoreAnswer`. */
function showDeletedToast(restoreAnswer: () => Response, pressed?: HTMLElement) {
  const bike = stockItem("Honda CB500", 5);
  const restores: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      restores.push(`${init?.method} ${url}`);
      return restoreAnswer();
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastContainer />
    </QueryClientProvider>,
  );
  act(() => toastDeletedWithUndo("Item Deleted!", bike, pressed));
  return { bike, restores, user: userEvent.setup() };
}

describe("the toast after a delete", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps its words and offers Undo, from the keyboard too, which restores the bike", async () => {
    const { bike, restores, user } = showDeletedToast(() =>
      Response.json(stockItem("Honda CB500", 5)),
    );
    expect(await screen.findByText("Item Deleted!")).toBeInTheDocument();
    const undo = screen.getByRole("button", { name: "Undo delete of Honda CB500" });
    expect(undo).toHaveTextContent("Undo");

    undo.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Restored Honda CB500.")).toBeInTheDocument();
    expect(restores).toEqual([`POST /api/deleted-bikes/${bike._id}/restore`]);
  });

  it("takes focus to Undo from the Delete button, which leaves with its bike", async () => {
    const deleteButton = document.body.appendChild(document.createElement("button"));
    deleteButton.focus();
    showDeletedToast(() => Response.json(stockItem("Honda CB500", 5)), deleteButton);
    const undo = await screen.findByRole("button", { name: "Undo delete of Honda CB500" });
    expect(undo).toHaveFocus();
    deleteButton.remove();
  });

  it("leaves focus where the person has since moved it", async () => {
    const deleteButton = document.body.appendChild(document.createElement("button"));
    const search = document.body.appendChild(document.createElement("input"));
    search.focus();
    showDeletedToast(() => Response.json(stockItem("Honda CB500", 5)), deleteButton);
    await screen.findByRole("button", { name: "Undo delete of Honda CB500" });
    expect(search).toHaveFocus();
    deleteButton.remove();
    search.remove();
  });

  it("does not count down while focus is in it, even after the pointer or the window leaves", async () => {
    const { user } = showDeletedToast(() => Response.json(stockItem("Honda CB500", 5)));
    const undo = await screen.findByRole("button", { name: "Undo delete of Honda CB500" });
    const countdown = screen.getByRole("progressbar", { name: "notification timer" });

    act(() => undo.focus());
    act(() => {
      window.dispatchEvent(new FocusEvent("blur"));
      window.dispatchEvent(new FocusEvent("focus"));
    });
    expect(countdown).toHaveStyle({ animationPlayState: "paused" });
    await user.hover(undo);
    await user.unhover(undo);
    expect(countdown).toHaveStyle({ animationPlayState: "paused" });

    const elsewhere = document.body.appendChild(document.createElement("button"));
    act(() => elsewhere.focus());
    expect(countdown).toHaveStyle({ animationPlayState: "running" });
    elsewhere.remove();
  });

  it("stops counting down in another window, and goes on when focus is elsewhere on return", async () => {
    showDeletedToast(() => Response.json(stockItem("Honda CB500", 5)));
    const countdown = await screen.findByRole("progressbar", { name: "notification timer" });
    act(() => window.dispatchEvent(new FocusEvent("blur")));
    expect(countdown).toHaveStyle({ animationPlayState: "paused" });
    act(() => window.dispatchEvent(new FocusEvent("focus")));
    expect(countdown).toHaveStyle({ animationPlayState: "running" });
  });

  it("shows the server's words when the bike cannot come back", async () => {
    const { user } = showDeletedToast(() =>
      Response.json(
        { statusCode: 404, error: "Not Found", message: "No bike with that id" },
        { status: 404 },
      ),
    );
    await user.click(await screen.findByRole("button", { name: "Undo delete of Honda CB500" }));
    expect(await screen.findByText("No bike with that id")).toBeInTheDocument();
  });
});
