import type { FieldErrors, FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiRequestError } from "./api-client";

/** The first invalid field's message, for forms that show one problem at a time. */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === "string") return error.message;
  }
  return undefined;
}

/**
 * Puts the server's field errors (`body.price`…) on their inputs, the first taking focus.
 * Returns false when the error named no field, so the caller shows it another way.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: Error,
  setError: UseFormSetError<Values>,
): boolean {
  const fields = error instanceof ApiRequestError ? error.fields : [];
  fields.forEach((field, index) => {
    const name = field.field.replace(/^body\./, "") as FieldPath<Values>;
    setError(name, { message: field.message }, { shouldFocus: index === 0 });
  });
  return fields.length > 0;
}
