import {
  accountNameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@ultimate-bikes/contract/account-forms";
import { passwordStrengthProblem } from "@ultimate-bikes/contract/password-strength";
import { safeCharacters } from "@ultimate-bikes/contract/safe-text";
import { z } from "zod";

/*
 * Profile's forms, under the same rules as Register and the server (account-forms.ts,
 * password-strength.ts): the server checks them again, these only spare a round trip.
 */

export const nameFormSchema = z.object({ name: accountNameSchema });

export type NameForm = z.output<typeof nameFormSchema>;

const passwordText = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `Please keep your password to ${PASSWORD_MAX_LENGTH} characters.`)
  .check(safeCharacters());

/**
 * The current password, and a new one typed twice that is long enough and hard to guess, also
 * for someone who knows the account's `personal` words (its email and name).
 */
export const passwordChangeFormSchema = (personal: readonly string[]) =>
  z
    .object({
      currentPassword: passwordText.min(1, "Please enter your current password."),
      newPassword: passwordText.min(
        PASSWORD_MIN_LENGTH,
        `Please use at least ${PASSWORD_MIN_LENGTH} characters for the new password.`,
      ),
      confirm: z.string(),
    })
    .check(
      z.superRefine(async (form, context) => {
        if (form.newPassword.length < PASSWORD_MIN_LENGTH) return;
        const problem = await passwordStrengthProblem(form.newPassword, personal);
        if (problem) context.addIssue({ code: "custom", message: problem, path: ["newPassword"] });
      }),
    )
    .refine((form) => form.newPassword === form.confirm, {
      message: "The two new passwords are not the same.",
      path: ["confirm"],
    });

export type PasswordChangeForm = z.output<ReturnType<typeof passwordChangeFormSchema>>;
