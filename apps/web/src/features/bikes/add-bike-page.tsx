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
import { useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import { toast } from "react-toastify";
import { SubmitButton } from "../../components/submit-button";
import { showServerFieldErrors } from "../../lib/form-errors";
import { useSession } from "../../lib/auth-client";
import { usePageTitle } from "../../lib/use-page-title";
import { bikeFields, BikeFormFields, type BikeFieldSpec } from "./bike-form-fields";
import { PhotoUpload } from "./photo-upload";
import { useAddBike } from "./bikes-api";

const fields: BikeFieldSpec<Exclude<FieldPath<NewBikeInput>, "email">>[] = [
  bikeFields.name,
  bikeFields.photo,
  bikeFields.des,
  bikeFields.price,
  bikeFields.quantity,
  bikeFields.supplierName,
  {
    ...bikeFields.reorderPoint,
    optional: true,
    hint: `Optional. At or below this quantity the bike shows "${STOCK_STATUS_LABELS.low}". Left empty, it is ${DEFAULT_REORDER_POINT}.`,
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
  const photo = useWatch({ control: form.control, name: "photo" });

  function onSubmit(bike: NewBike) {
    addBike.mutate(bike, {
      onSuccess: () => {
        toast.success("Your Import Item added");
        form.reset(emptyForm);
      },
      onError: (error) => {
        // Field errors from the server land on their inputs; anything else is a toast.
        if (!showServerFieldErrors(error, form.setError)) toast.error(error.message);
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
        <BikeFormFields
          fields={fields}
          form={form}
          idPrefix="add"
          afterField={{
            photo: (
              <PhotoUpload
                idPrefix="add"
                photo={photo}
                onUploaded={(uploaded) =>
                  form.setValue("photo", uploaded, { shouldValidate: true, shouldDirty: true })
                }
              />
            ),
          }}
        />
        <SubmitButton pending={addBike.isPending} pendingLabel="Adding…">
          Add Now
        </SubmitButton>
      </Form>
    </Container>
  );
}
