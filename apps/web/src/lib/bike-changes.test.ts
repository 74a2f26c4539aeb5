import { describe, expect, it } from "vitest";
import { changeText, detailValueText, smallPhotoOf } from "./bike-changes";

const UPLOAD = "/images/uploads/0b9c3a53-2d4e-4f0a-9a43-6f1e0c1d2e3f.webp";

describe("a change as the ledger says it", () => {
  it("names the field and its values, prices as money", () => {
    expect(changeText({ field: "price", from: 4100, to: 4250.5 })).toBe(
      "price: $4,100.00 → $4,250.50",
    );
    expect(changeText({ field: "supplierName", from: "A", to: "B" })).toBe("supplier: A → B");
    expect(changeText({ field: "costPrice", from: null, to: 3000 })).toBe(
      "cost price: not known → $3,000.00",
    );
  });

  it("says a new photo, never its path or address", () => {
    expect(changeText({ field: "photo", from: "/images/bikes/a.webp", to: UPLOAD })).toBe(
      "photo: new photo",
    );
    expect(detailValueText("photo", "https://example.com/a.jpg")).toBe("new photo");
  });

  it("finds an upload's small size", () => {
    expect(smallPhotoOf(UPLOAD)).toBe(UPLOAD.replace(".webp", "-400.webp"));
    expect(smallPhotoOf("/images/bikes/a.webp")).toBe("/images/bikes/a.webp");
  });
});
