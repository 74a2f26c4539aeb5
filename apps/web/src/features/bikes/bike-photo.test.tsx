import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BikePhoto } from "./bike-photo";

const bike = { name: "Honda CB500", photo: "https://example.com/gone.jpg" };

describe("BikePhoto", () => {
  it("shows the photo, named after the bike", () => {
    render(<BikePhoto bike={bike} width={640} height={400} />);
    expect(screen.getByRole("img", { name: "Honda CB500" })).toHaveAttribute("src", bike.photo);
  });

  it("puts the bike's name on a plain panel when the photo does not load", () => {
    render(<BikePhoto bike={bike} width={640} height={400} />);
    fireEvent.error(screen.getByRole("img", { name: "Honda CB500" }));
    const fallback = screen.getByRole("img", { name: "Honda CB500" });
    expect(fallback.tagName).toBe("DIV");
    expect(fallback).toHaveTextContent("Honda CB500");
    expect(document.querySelector("img")).toBeNull();
  });

  it("tries again when the bike gets another photo", () => {
    const { rerender } = render(<BikePhoto bike={bike} width={640} height={400} />);
    fireEvent.error(screen.getByRole("img"));
    rerender(<BikePhoto bike={{ ...bike, photo: "/images/new.svg" }} width={640} height={400} />);
    expect(screen.getByRole("img", { name: "Honda CB500" })).toHaveAttribute(
      "src",
      "/images/new.svg",
    );
  });

  it("leaves a thumbnail beside the name out of what screen readers hear, broken or not", () => {
    const { container } = render(<BikePhoto bike={bike} width={48} height={30} decorative />);
    expect(screen.queryByRole("img")).toBeNull();
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[aria-hidden='true']")).not.toBeNull();
  });
});
