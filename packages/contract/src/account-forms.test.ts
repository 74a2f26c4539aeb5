import { describe, expect, it } from "vitest";
import {
  newPasswordFormSchema,
  registrationFormSchema,
  signInFormSchema,
} from "./account-forms.ts";

const firstProblem = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("signInFormSchema", () => {
  it("takes what an email field accepts, as typed", () => {
    const form = { email: "Staff@Example.com", password: "x" };
    expect(signInFormSchema.parse(form)).toEqual(form);
    // The browser's rule for type="email" accepts a host without a dot.
    expect(signInFormSchema.safeParse({ email: "staff@localhost", password: "x" }).success).toBe(
      true,
    );
  });

  it("refuses a missing address or password", () => {
    expect(firstProblem(signInFormSchema.safeParse({ email: "staff", password: "x" }))).toBe(
      "Please enter an email address.",
    );
    expect(
      firstProblem(signInFormSchema.safeParse({ email: "staff@example.com", password: "" })),
    ).toBe("Please enter your password.");
  });
});

describe("registrationFormSchema", () => {
  it("trims the name and the email", async () => {
    expect(
      await registrationFormSchema.parseAsync({
        name: " Nadia Rahman ",
        email: " nadia@example.com ",
        password: "ride safe 2026",
      }),
    ).toEqual({ name: "Nadia Rahman", email: "nadia@example.com", password: "ride safe 2026" });
  });

  it("refuses a name of spaces and a short password", async () => {
    const valid = { name: "Nadia", email: "nadia@example.com", password: "ride safe 2026" };
    expect(
      firstProblem(await registrationFormSchema.safeParseAsync({ ...valid, name: "   " })),
    ).toBe("Please enter your name.");
    expect(
      firstProblem(await registrationFormSchema.safeParseAsync({ ...valid, password: "1234567" })),
    ).toBe("Please use at least 8 characters.");
  });

  it.each(["password", "12345678", "qwertyuiop", "Password1!", "nadia rahman"])(
    "refuses the guessable password %j, saying why",
    async (password) => {
      const result = await registrationFormSchema.safeParseAsync({
        name: "Nadia Rahman",
        email: "nadia@example.com",
        password,
      });
      expect(result.error?.issues[0]?.path).toEqual(["password"]);
      expect(firstProblem(result)).toMatch(/^This password is too easy to guess\./);
    },
  );
});

describe("newPasswordFormSchema", () => {
  it("needs the same password twice", async () => {
    expect(
      (
        await newPasswordFormSchema.safeParseAsync({
          password: "a fresh password",
          confirm: "a fresh password",
        })
      ).success,
    ).toBe(true);
    const mismatch = await newPasswordFormSchema.safeParseAsync({
      password: "a fresh password",
      confirm: "another password",
    });
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: "The two passwords are not the same.",
      path: ["confirm"],
    });
  });

  it("refuses a guessable new password", async () => {
    const result = await newPasswordFormSchema.safeParseAsync({
      password: "password",
      confirm: "password",
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["password"],
      message: expect.stringMatching(/too easy to guess/),
    });
  });
});
