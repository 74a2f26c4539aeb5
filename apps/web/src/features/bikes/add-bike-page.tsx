import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEFAULT_REORDER_POINT,
  newBikeSchema,
  type NewBike,
  type NewBikeInput,
} from "@ultimate-bikes/contract/bikes";
import { STOCK_STATUS_LABELS } from "@ultimate-bikes/contract/stock";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import { useForm, type FieldPath, type Resolver } from "react-hook-form";
import { toast } from "react-toastify";
import { SubmitButton } from "../../components/submit-button";
import { ApiRequestError } from "../../lib/api-client";
import { useSession } from "../../lib/auth-client";
import { usePageTitle } from "../../lib/use-page-title";
import { useAddBike } from "./bikes-api";

interface FieldSpec {
  name: Exclude<FieldPath<NewBikeInput>, "email">;
  label: string;
  type?: string;
  inputMode?: "decimal" | "numeric";
  as?: "textarea";
  placeholder?: string;
  /** A field that may be left empty, with a line saying what happens then. */
  optionalHint?: string;
}

const fields: FieldSpec[] = [
  { name: "name", label: "Name" },
  { name: "photo", label: "Photo url", type: "url", placeholder: "https://…" },
  { name: "des", label: "Description", as: "textarea" },
  { name: "price", label: "Price (USD)", inputMode: "decimal", placeholder: "1999.99" },
  { name: "quantity", label: "Quantity", inputMode: "numeric", placeholder: "10" },
  { name: "supplierName", label: "Supplier name" },
  {
    name: "reorderPoint",
    label: "Reorder point",
    inputMode: "numeric",
    placeholder: String(DEFAULT_REORDER_POINT),
    optionalHint: `Optional. At or below this quantity the bike shows "${STOCK_STATUS_LABELS.low}". Left empty, it is ${DEFAULT_REORDER_POINT}.`,
  },
];

const checkBike = zodResolver(newBikeSchema);

/** The form's checks, the server's own; an empty reorder point is one left out, not a bad one. */
const resolver: Resolver<NewBikeInput, unknown, NewBike> = (values, context, options) =>
  checkBike(
    { ...values, reorderPoint: values.reorderPoint === "" ? undefined : values.reorderPoint },
    context,
    options,
  );

export function AddBikePage() {
  usePageTitle("Add New Item");
  const email = useSession().data?.user.email ?? "";
  const addBike = useAddBike();
  const emptyForm = {
    name: "",
    email,
    photo: "",
    des: "",
    price: "",
    quantity: "",
    supplierName: "",
    reorderPoint: "",
  };
  const form = useForm<NewBikeInput, unknown, NewBike>({
    resolver,
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  function onSubmit(bike: NewBike) {
    addBike.mutate(bike, {
      onSuccess: () => {
        toast.success("Your Import Item added");
        form.reset(emptyForm);
      },
      onError: (error) => {
        // Field errors from the server land on their inputs, the first taking focus; anything
        // else is a toast.
        const fieldErrors = error instanceof ApiRequestError ? error.fields : [];
        fieldErrors.forEach((field, index) => {
          form.setError(
            field.field.replace(/^body\./, "") as FieldPath<NewBikeInput>,
            { message: field.message },
            { shouldFocus: index === 0 },
          );
        });
        if (fieldErrors.length === 0) toast.error(error.message);
      },
    });
  }

  return (
    <Container as="section" className="py-5 add-bike-form">
      <h1 className="text-center mb-4">Add Your own Bike</h1>
      <Form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Form.Group className="mb-3" controlId="add-email">
          <Form.Label>Email</Form.Label>
          <Form.Control
            type="email"
            readOnly
            required
            className="bg-body-tertiary"
            {...form.register("email")}
          />
        </Form.Group>
        {fields.map((field) => {
          const error = errors[field.name]?.message;
          const hintId = field.optionalHint ? `add-${field.name}-hint` : undefined;
          const describedBy = [hintId, error ? `add-${field.name}-error` : undefined]
            .filter(Boolean)
            .join(" ");
          return (
            <Form.Group className="mb-3" controlId={`add-${field.name}`} key={field.name}>
              <Form.Label>{field.label}</Form.Label>
              <Form.Control
                required={!field.optionalHint}
                as={field.as}
                rows={field.as ? 3 : undefined}
                type={field.type ?? "text"}
                inputMode={field.inputMode}
                placeholder={field.placeholder}
                isInvalid={Boolean(error)}
                aria-invalid={Boolean(error)}
                aria-describedby={describedBy || undefined}
                {...form.register(field.name)}
              />
              {hintId && (
                <Form.Text id={hintId} className="d-block">
                  {field.optionalHint}
                </Form.Text>
              )}
              <Form.Control.Feedback type="invalid" id={`add-${field.name}-error`}>
                {field.label} {error}
              </Form.Control.Feedback>
            </Form.Group>
          );
        })}
        <SubmitButton pending={addBike.isPending} pendingLabel="Adding…">
          Add Now
        </SubmitButton>
      </Form>
    </Container>
  );
}
