import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_NAME_MAX_LENGTH } from "@ultimate-bikes/contract/account-forms";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { FormProblem } from "../../components/form-problem";
import { firstErrorMessage } from "../../lib/form-errors";
import { useChangeName, warmAuthClient } from "./profile-api";
import { nameFormSchema } from "./profile-forms";

/** The name colleagues see in the ledger and on People; saved through better-auth. */
export function NameForm({ name }: { name: string }) {
  const changeName = useChangeName();
  const form = useForm({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name },
    reValidateMode: "onSubmit",
  });
  const save = form.handleSubmit(({ name: newName }) =>
    changeName.mutate(newName, {
      onSuccess: () => {
        toast.success("Your name is saved.");
        form.reset({ name: newName });
      },
    }),
  );
  return (
    <Form onSubmit={(event) => void save(event)} onFocus={warmAuthClient}>
      <Form.Group className="mb-3" controlId="profile-name">
        <Form.Label>Your name</Form.Label>
        <Form.Control
          autoComplete="name"
          required
          maxLength={ACCOUNT_NAME_MAX_LENGTH}
          {...form.register("name")}
        />
      </Form.Group>
      <FormProblem message={firstErrorMessage(form.formState.errors)} />
      <FormProblem message={changeName.error?.message} />
      <Button type="submit" variant="danger" disabled={changeName.isPending}>
        {changeName.isPending ? "Saving…" : "Save name"}
      </Button>
    </Form>
  );
}
