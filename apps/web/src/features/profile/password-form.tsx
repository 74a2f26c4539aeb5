import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@ultimate-bikes/contract/account-forms";
import { preparePasswordStrength } from "@ultimate-bikes/contract/password-strength";
import { useMemo } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { FormProblem } from "../../components/form-problem";
import { firstErrorMessage } from "../../lib/form-errors";
import { useChangePassword, warmAuthClient } from "./profile-api";
import { passwordChangeFormSchema } from "./profile-forms";

const fields = [
  {
    name: "currentPassword",
    id: "current-password",
    label: "Current password",
    autoComplete: "current-password",
    minLength: 1,
  },
  {
    name: "newPassword",
    id: "new-password",
    label: "New password",
    autoComplete: "new-password",
    minLength: PASSWORD_MIN_LENGTH,
  },
  {
    name: "confirm",
    id: "confirm-new-password",
    label: "Repeat the new password",
    autoComplete: "new-password",
    minLength: PASSWORD_MIN_LENGTH,
  },
] as const;

/** The current password, then the new one twice; every other session is signed out with it. */
export function PasswordForm({ email, name }: { email: string; name: string }) {
  const changePassword = useChangePassword();
  const schema = useMemo(() => passwordChangeFormSchema([email, name]), [email, name]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: "", newPassword: "", confirm: "" },
    reValidateMode: "onSubmit",
  });
  const save = form.handleSubmit(({ currentPassword, newPassword }) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success("Your password is changed. Every other session is signed out.");
          form.reset();
        },
      },
    ),
  );
  return (
    <Form
      onSubmit={(event) => void save(event)}
      // The strength check's dictionaries and better-auth's client load while the form is filled.
      onFocus={() => {
        void preparePasswordStrength();
        warmAuthClient();
      }}
    >
      <p>
        Changing it signs you out everywhere else: other browsers and devices sign in again with the
        new password.
      </p>
      {fields.map((field) => (
        <Form.Group className="mb-3" controlId={field.id} key={field.id}>
          <Form.Label>{field.label}</Form.Label>
          <Form.Control
            type="password"
            autoComplete={field.autoComplete}
            required
            minLength={field.minLength}
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.register(field.name)}
          />
        </Form.Group>
      ))}
      <FormProblem message={firstErrorMessage(form.formState.errors)} />
      <FormProblem message={changePassword.error?.message} />
      <Button type="submit" variant="danger" disabled={changePassword.isPending}>
        {changePassword.isPending ? "Changing…" : "Change password"}
      </Button>
    </Form>
  );
}
