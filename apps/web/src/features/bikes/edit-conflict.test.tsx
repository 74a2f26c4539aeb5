import type { BikeDetails } from "@ultimate-bikes/contract/bikes";
import { editableBikeFieldSchema } from "@ultimate-bikes/contract/bikes";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mergeDetails } from "./details-merge";
import { EditConflict } from "./edit-conflict";

const FIELDS = editableBikeFieldSchema.options;
const UPLOAD = "/images/uploads/0b9c3a53-2d4e-4f0a-9a43-6f1e0c1d2e3f.webp";
const base: BikeDetails = {
  name: "Honda CB500",
  photo: "/images/bikes/honda.webp",
  des: "A commuter.",
  price: 4100,
  supplierName: "Honda Imports",
  reorderPoint: 3,
  costPrice: null,
  tag: "base",
};

function showConflict(mine: Omit<BikeDetails, "tag">, theirs: BikeDetails) {
  const onSave = vi.fn();
  const onKeepTheirs = vi.fn();
  render(
    <EditConflict
      merge={mergeDetails(FIELDS, base, mine, theirs)}
      theirs={theirs}
      mine={mine}
      pending={false}
      onKeepTheirs={onKeepTheirs}
      onSave={onSave}
    />,
  );
  return { onSave, onKeepTheirs, user: userEvent.setup() };
}

describe("the edit conflict", () => {
  it("shows side by side only the fields both changed, and keeps the others", async () => {
    // They renamed it and changed the photo and the price; I changed the price and the description.
    const theirs = { ...base, name: "Honda CB500 Special", photo: UPLOAD, price: 4250, tag: "t" };
    const mine = { ...base, price: 3999, des: "Mine." };
    const { onSave } = showConflict(mine, theirs);

    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Someone else changed this bike while you were editing it");
    expect(alert).toHaveTextContent("Nothing of yours was saved. Their changes:");
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent("price$4,250.00$3,999.00");
    expect(screen.getByText(/Their other changes stay/)).toHaveTextContent(
      "Their other changes stay: name: Honda CB500 Special; photo: new photo",
    );
    expect(screen.getByText(/Your other changes stay/)).toHaveTextContent(
      "Your other changes stay: description: Mine.",
    );
    expect(alert).not.toHaveTextContent("/images/uploads/");
    await userEvent.setup().click(screen.getByRole("button", { name: "Save mine over theirs" }));
    expect(onSave).toHaveBeenCalledOnce();
  });

  it("shows a photo both changed as two thumbnails, never a path", () => {
    const theirs = { ...base, photo: UPLOAD, tag: "t" };
    const mine = { ...base, photo: "https://example.com/mine.jpg" };
    showConflict(mine, theirs);
    const row = within(screen.getByRole("table")).getAllByRole("row")[1]!;
    expect(within(row).getByRole("img", { name: "Their photo" })).toHaveAttribute(
      "src",
      UPLOAD.replace(".webp", "-400.webp"),
    );
    expect(within(row).getByRole("img", { name: "Your photo" })).toBeInTheDocument();
    expect(row).not.toHaveTextContent(/\/images|https:/);
  });

  it("says when nothing conflicts, and saves both only when asked", async () => {
    const theirs = { ...base, name: "Theirs", tag: "t" };
    const mine = { ...base, des: "Mine." };
    const { onSave, onKeepTheirs, user } = showConflict(mine, theirs);

    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "None of their changes is to a field you changed, so nothing conflicts.",
    );
    expect(onSave).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Use their version" }));
    expect(onKeepTheirs).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "Save both" }));
    expect(onSave).toHaveBeenCalledOnce();
  });

  it("takes the focus to its heading", () => {
    showConflict({ ...base, des: "Mine." }, { ...base, des: "Theirs.", tag: "t" });
    expect(screen.getByRole("heading", { name: /Someone else changed/ })).toHaveFocus();
  });
});
