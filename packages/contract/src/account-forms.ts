import { z } from "zod";
import { EMAIL_MAX } from "./email.ts";
import { passwordStrengthProblem } from "./password-strength.ts";
import { safeCharacters, safeText } from "./safe-text.ts";

/** The shortest password the server accepts. */
export const PASSWORD_MIN_LENGTH = 8;

/** The longest password the server accepts (better-auth's own limit). */
export const PASSWORD_MAX_LENGTH = 128;

/** The longest name an account has, from the register form or any other way in. */
export const ACCOUNT_NAME_MAX_LENGTH = 100;

const NAME_TOO_LONG = `Please keep your name to ${ACCOUNT_NAME_MAX_LENGTH} characters.`;

/** An account's name: one line of safe text, up to ACCOUNT_NAME_MAX_LENGTH characters. */
export const accountNameSchema = safeText(ACCOUNT_NAME_MAX_LENGTH, {
  missing: "Please enter your name.",
  tooLong: NAME_TOO_LONG,
});

/*
 * The account forms. Each schema states the same rules as its form's HTML constraints (required,
 * type="email", minlength, maxlength), which the browser checks first, so a message here shows
 * only for what the browser lets through, such as a name of spaces.
 */

// The browser's own test for an <input type="email">, so the two never disagree.
const emailField = z
  .email({ pattern: z.regexes.html5Email, error: "Please enter an email address." })
  .max(EMAIL_MAX, `Please keep the email address to ${EMAIL_MAX} characters.`);

/** Any password: safe text (no control characters) that is not too long to hash. */
const passwordText = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `Please keep your password to ${PASSWORD_MAX_LENGTH} characters.`)
  .check(safeCharacters());

const newPasswordLength = passwordText.min(
  PASSWORD_MIN_LENGTH,
  `Please use at least ${PASSWORD_MIN_LENGTH} characters.`,
);

/**
 * A new password: long enough, and hard enough to guess (password-strength.ts). The strength
 * check is asynchronous (its dictionaries load on first use), so these schemas are parsed with
 * `parseAsync`, as react-hook-form's zod resolver does.
 */
const strongEnough = (personal: (form: Record<string, unknown>) => string[]) =>
  z.superRefine<{ password: unknown } & Record<string, unknown>>(async (form, context) => {
    // Only a password that passed its other checks is worth scoring.
    if (typeof form.password !== "string" || form.password.length < PASSWORD_MIN_LENGTH) return;
    const problem = await passwordStrengthProblem(form.password, personal(form));
    if (problem) context.addIssue({ code: "custom", message: problem, path: ["password"] });
  });

/** Login: email and password, sent to better-auth as typed. */
export const signInFormSchema = z.object({
  email: emailField,
  password: passwordText.min(1, "Please enter your password."),
});

export type SignInForm = z.output<typeof signInFormSchema>;

/** Register: name, email and a new password. */
export const registrationFormSchema = z
  .object({
    name: accountNameSchema,
    email: z.string().trim().pipe(emailField),
    password: newPasswordLength,
  })
  .check(strongEnough((form) => [String(form.email), String(form.name)]));

export type RegistrationForm = z.output<typeof registrationFormSchema>;

/** Reset password: the new password, typed twice. */
export const newPasswordFormSchema = z
  .object({
    password: newPasswordLength,
    confirm: z.string(),
  })
  .check(strongEnough(() => []))
  .refine((form) => form.password === form.confirm, {
    message: "The two passwords are not the same.",
    path: ["confirm"],
  });
