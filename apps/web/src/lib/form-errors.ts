import type { FieldErrors } from "react-hook-form";

/** The first invalid field's message, for forms that show one problem at a time. */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === "string") return error.message;
  }
  return undefined;
}
