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
  it("trims the name and the email", () => {
    expect(
      registrationFormSchema.parse({
        name: " Nadia Rahman ",
        email: " nadia@example.com ",
        password: "12345678",
      }),
    ).toEqual({ name: "Nadia Rahman", email: "nadia@example.com", password: "12345678" });
  });

  it("refuses a name of spaces and a short password", () => {
    const valid = { name: "Nadia", email: "nadia@example.com", password: "12345678" };
    expect(firstProblem(registrationFormSchema.safeParse({ ...valid, name: "   " }))).toBe(
      "Please enter your name.",
    );
    expect(firstProblem(registrationFormSchema.safeParse({ ...valid, password: "1234567" }))).toBe(
      "Please use at least 8 characters.",
    );
  });
});

describe("newPasswordFormSchema", () => {
  it("needs the same password twice", () => {
    expect(
      newPasswordFormSchema.safeParse({ password: "a fresh password", confirm: "a fresh password" })
        .success,
    ).toBe(true);
    const mismatch = newPasswordFormSchema.safeParse({
      password: "a fresh password",
      confirm: "another password",
    });
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: "The two passwords are not the same.",
      path: ["confirm"],
    });
  });
});
