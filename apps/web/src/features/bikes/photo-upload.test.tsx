import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PhotoUpload } from "./photo-upload";

const UPLOAD = "/images/uploads/0b9c3a53-2d4e-4f0a-9a43-6f1e0c1d2e3f.webp";

function Upload() {
  const [photo, setPhoto] = useState("");
  return <PhotoUpload idPrefix="test" photo={photo} onUploaded={setPhoto} />;
}

describe("the photo upload", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says beforehand that a photo is cropped to 16:10, and shows it cropped after", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ photo: UPLOAD }, { status: 201 })),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Upload />
      </QueryClientProvider>,
    );
    const input = screen.getByLabelText("Or upload a photo");
    expect(input).toHaveAccessibleDescription(/It is cropped to 16:10 around its middle/);

    await userEvent
      .setup()
      .upload(input, new File([new Uint8Array([1, 2, 3])], "bike.png", { type: "image/png" }));
    const preview = await screen.findByRole("img", { name: "The photo this bike will have" });
    expect(preview).toHaveAttribute("src", UPLOAD);
    expect(preview).toHaveAttribute("width", "200");
    expect(preview).toHaveAttribute("height", "125");
    expect(screen.getByText("Uploaded, cropped to 16:10 as the pages show it.")).toBeVisible();
  });
});
