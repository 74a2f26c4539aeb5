import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linkStatusQuerySchema } from "./accounts.ts";
import { accountNameSchema, registrationFormSchema } from "./account-forms.ts";
import { newBikeSchema } from "./bikes.ts";
import { emailSchema } from "./email.ts";
import { safeText, TEXT_PROBLEMS, unsafeTextProblem } from "./safe-text.ts";
import { stockQuerySchema } from "./stock.ts";

const firstProblem = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("unsafeTextProblem", () => {
  it.each([
    ["a\u0000b", TEXT_PROBLEMS.lineBreak],
    ["bell\u0007", TEXT_PROBLEMS.lineBreak],
    ["two\nlines", TEXT_PROBLEMS.lineBreak],
    ["tab\there", TEXT_PROBLEMS.lineBreak],
    ["delete\u007F", TEXT_PROBLEMS.lineBreak],
    ["c1 \u0085 next line", TEXT_PROBLEMS.lineBreak],
    ["c1 \u009B csi", TEXT_PROBLEMS.lineBreak],
    ["lone \uD800 high", TEXT_PROBLEMS.illFormed],
    ["lone \uDC00 low", TEXT_PROBLEMS.illFormed],
    ["reversed \u202E gnp.exe", TEXT_PROBLEMS.bidi],
    ["embedding \u202A", TEXT_PROBLEMS.bidi],
    ["isolate \u2066 x \u2069", TEXT_PROBLEMS.bidi],
  ])("refuses %j in a one-line field", (text, problem) => {
    expect(unsafeTextProblem(text)).toBe(problem);
  });

  it("takes line breaks and tabs only in a multi-line field, and never NUL", () => {
    expect(unsafeTextProblem("one\r\ntwo\tthree", { multiline: true })).toBeUndefined();
    expect(unsafeTextProblem("a\u0000b", { multiline: true })).toBe(TEXT_PROBLEMS.control);
    expect(unsafeTextProblem("a\u202Eb", { multiline: true })).toBe(TEXT_PROBLEMS.bidi);
  });

  it("takes ordinary text of every script, emoji (surrogate pairs) included", () => {
    for (const text of [
      "Honda CB500X",
      "Škoda – 50 €",
      "ヤマハ",
      "مرحبا",
      "🏍️ fast",
      "naïve café",
    ]) {
      expect(unsafeTextProblem(text)).toBeUndefined();
    }
  });

  it("agrees with String.prototype.isWellFormed and refuses every control character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 20 }), (text) => {
        const wellFormed = (text as unknown as { isWellFormed(): boolean }).isWellFormed();
        // eslint-disable-next-line no-control-regex
        const hasControl = /[\u0000-\u001F\u007F-\u009F]/.test(text);
        const hasBidi = /[\u202A-\u202E\u2066-\u2069]/.test(text);
        expect(unsafeTextProblem(text) === undefined).toBe(wellFormed && !hasControl && !hasBidi);
      }),
    );
  });
});

describe("safeText", () => {
  it("trims, requires and limits", () => {
    const field = safeText(5);
    expect(field.parse("  abc ")).toBe("abc");
    expect(firstProblem(field.safeParse("   "))).toBe("is required");
    expect(firstProblem(field.safeParse("abcdef"))).toBe("must be at most 5 characters");
    expect(firstProblem(field.safeParse(7))).toBe("is required");
  });

  it("is the rule of every text field of the contract", () => {
    const nul = "a\u0000b";
    const bike = {
      name: "Bike",
      photo: "/images/bike.svg",
      des: "A bike.",
      price: 1,
      quantity: 1,
      supplierName: "Supplier",
    };
    for (const field of ["name", "photo", "supplierName"] as const) {
      const issues = newBikeSchema.safeParse({ ...bike, [field]: nul }).error?.issues;
      expect(issues?.[0]).toMatchObject({ path: [field], message: TEXT_PROBLEMS.lineBreak });
    }
    expect(newBikeSchema.safeParse({ ...bike, des: "line one\nline two" }).success).toBe(true);
    expect(firstProblem(newBikeSchema.safeParse({ ...bike, des: nul }))).toBe(
      TEXT_PROBLEMS.control,
    );
    expect(firstProblem(stockQuerySchema.safeParse({ q: nul }))).toBe(TEXT_PROBLEMS.lineBreak);
    expect(firstProblem(stockQuerySchema.safeParse({ supplier: "\u202E" }))).toBe(
      TEXT_PROBLEMS.bidi,
    );
    expect(firstProblem(stockQuerySchema.safeParse({ cursor: "\uD800" }))).toBe(
      TEXT_PROBLEMS.illFormed,
    );
    expect(firstProblem(linkStatusQuerySchema.safeParse({ token: "\u0000" }))).toBe(
      TEXT_PROBLEMS.lineBreak,
    );
    expect(firstProblem(emailSchema.safeParse("a\u0000@example.com"))).toBe(
      TEXT_PROBLEMS.lineBreak,
    );
    expect(firstProblem(accountNameSchema.safeParse("Nadia\u0000"))).toBe(TEXT_PROBLEMS.lineBreak);
  });

  it("limits an account's name to 100 characters, on the register form too", async () => {
    expect(firstProblem(accountNameSchema.safeParse("n".repeat(60_000)))).toBe(
      "Please keep your name to 100 characters.",
    );
    const form = { name: "n".repeat(101), email: "n@example.com", password: "ride safe 2026" };
    expect(firstProblem(await registrationFormSchema.safeParseAsync(form))).toBe(
      "Please keep your name to 100 characters.",
    );
  });
});
