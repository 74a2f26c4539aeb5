import { describe, expect, it } from "vitest";
import { isSafePhotoUrl, newBikeSchema, PHOTO_URL_PROBLEM } from "./bikes.ts";

// A photo is an https: URL or a path on this site, judged as the browser parses it.
describe("isSafePhotoUrl", () => {
  it.each([
    "https://example.com/bike.png",
    "HTTPS://example.com/bike.png?size=large#top",
    "/images/bikes/vespa-gts-300.svg",
    "/images/bikes/a%20b.png",
    "/",
  ])("takes %j", (value) => {
    expect(isSafePhotoUrl(value)).toBe(true);
  });

  it.each([
    ["/\\tracker.example/x.gif", "a backslash the browser reads as a slash"],
    ["\\\\tracker.example/x.gif", "two backslashes"],
    ["\\/tracker.example/x.gif", "a backslash then a slash"],
    ["//tracker.example/x.gif", "a protocol-relative URL"],
    ["///tracker.example/x.gif", "three slashes"],
    ["/%5Ctracker.example/x.gif", "an encoded backslash"],
    ["/%2F/tracker.example/x.gif", "an encoded slash"],
    ["/images/..\\..\\x.gif", "a backslash inside the path"],
    ["http://example.com/bike.png", "plain http"],
    ["javascript:alert(1)", "a script URL"],
    ["data:image/gif;base64,R0lGOD", "a data URL"],
    ["https:", "https without a host"],
    ["images/bike.png", "a path relative to the page"],
    ["/images/a b.png", "white space"],
    ["https://exa mple.com/x.png", "white space in the host"],
  ])("refuses %j (%s)", (value) => {
    expect(isSafePhotoUrl(value)).toBe(false);
  });

  it("is the add form's photo rule, with a message that says it", () => {
    const result = newBikeSchema.shape.photo.safeParse("/\\tracker.example/x.gif");
    expect(result.error?.issues[0]?.message).toBe(PHOTO_URL_PROBLEM);
  });
});
