import { describe, expect, it } from "vitest";
import { bikeHoldRequestSchema, HOLD_DAYS_MAX, holdExpiryProblem } from "./holds.ts";

const now = new Date("2026-11-26T12:00:00Z");
const ahead = (ms: number) => new Date(now.getTime() + ms).toISOString();
const DAY_MS = 24 * 60 * 60 * 1000;

describe("a hold's expiry", () => {
  it("must be later than now and at most 90 days ahead", () => {
    expect(holdExpiryProblem(ahead(0), now)).toBe("must be in the future");
    expect(holdExpiryProblem(ahead(-1), now)).toBe("must be in the future");
    expect(holdExpiryProblem(ahead(1), now)).toBeUndefined();
    expect(holdExpiryProblem(ahead(HOLD_DAYS_MAX * DAY_MS), now)).toBeUndefined();
    expect(holdExpiryProblem(ahead(HOLD_DAYS_MAX * DAY_MS + 1), now)).toBe(
      "must be at most 90 days ahead",
    );
  });

  it("is read with its offset, as a date picker's value is sent", () => {
    const hold = {
      customerName: " Rahim Uddin ",
      customerPhone: "+880 1711-000000",
      expiresAt: "2026-12-24T18:00:00+06:00",
      units: "2",
      reference: "",
    };
    expect(bikeHoldRequestSchema.parse(hold)).toEqual({
      customerName: "Rahim Uddin",
      customerPhone: "+880 1711-000000",
      expiresAt: "2026-12-24T18:00:00+06:00",
      units: 2,
    });
    expect(bikeHoldRequestSchema.safeParse({ ...hold, expiresAt: "24/12/2026" }).success).toBe(
      false,
    );
  });
});
