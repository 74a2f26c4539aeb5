import { z } from "zod";

/** The shortest password the server accepts. */
export const PASSWORD_MIN_LENGTH = 8;

/** The longest name the register form takes. */
export const ACCOUNT_NAME_MAX_LENGTH = 100;

/*
 * The account forms. Each schema states the same rules as its form's HTML constraints (required,
 * type="email", minlength, maxlength), which the browser checks first, so a message here shows
 * only for what the browser lets through, such as a name of spaces.
 */

// The browser's own test for an <input type="email">, so the two never disagree.
const emailField = z.email({
  pattern: z.regexes.html5Email,
  error: "Please enter an email address.",
});

const newPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Please use at least ${PASSWORD_MIN_LENGTH} characters.`);

/** Login: email and password, sent to better-auth as typed. */
export const signInFormSchema = z.object({
  email: emailField,
  password: z.string().min(1, "Please enter your password."),
});

export type SignInForm = z.output<typeof signInFormSchema>;

/** Register: name, email and a new password. */
export const registrationFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please enter your name.")
    .max(
      ACCOUNT_NAME_MAX_LENGTH,
      `Please keep your name to ${ACCOUNT_NAME_MAX_LENGTH} characters.`,
    ),
  email: z.string().trim().pipe(emailField),
  password: newPasswordField,
});

export type RegistrationForm = z.output<typeof registrationFormSchema>;

/** Reset password: the new password, typed twice. */
export const newPasswordFormSchema = z
  .object({
    password: newPasswordField,
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, {
    message: "The two passwords are not the same.",
    path: ["confirm"],
  });
