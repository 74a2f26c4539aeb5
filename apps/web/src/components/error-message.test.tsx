import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiRequestError, SERVER_PROBLEM } from "../lib/api-client";
import { ErrorMessage } from "./error-message";

describe("ErrorMessage", () => {
  it("says what went wrong in plain words, the technical detail one click away", async () => {
    const retry = vi.fn();
    render(
      <ErrorMessage
        error={new ApiRequestError(500, SERVER_PROBLEM, [], "500 Internal Server Error")}
        onRetry={retry}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(SERVER_PROBLEM);
    const detail = screen.getByText("500 Internal Server Error");
    expect(detail).not.toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByText("Details"));
    expect(detail).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("shows no details for an error that has none", () => {
    render(<ErrorMessage error={new Error("Sign-in failed.")} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Sign-in failed.");
    expect(screen.queryByText("Details")).toBeNull();
  });
});
