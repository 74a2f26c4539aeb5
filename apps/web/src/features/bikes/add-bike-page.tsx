import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEFAULT_REORDER_POINT,
  newBikeSchema,
  type NewBike,
  type NewBikeInput,
} from "@ultimate-bikes/contract/bikes";
import { STOCK_STATUS_LABELS } from "@ultimate-bikes/contract/stock";
import { useEffect, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import { useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { SubmitButton } from "../../components/submit-button";
import { useAccount } from "../../lib/account";
import { showServerFieldErrors } from "../../lib/form-errors";
import { useSession } from "../../lib/auth-client";
import { bikeLabelPath, bikePagePath } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { bikeFields, BikeFormFields, type BikeFieldSpec } from "./bike-form-fields";
import { PhotoUpload } from "./photo-upload";
import { useAddBike } from "./bikes-api";

const fields: BikeFieldSpec<Exclude<FieldPath<NewBikeInput>, "email">>[] = [
  bikeFields.name,
  bikeFields.photo,
  bikeFields.des,
  bikeFields.price,
  bikeFields.costPrice,
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

/**
 * What to do with the bike just added: open its page, print its label (staff: the Labels screen
 * is theirs), or add another in the form, which is empty again. It takes focus when it comes, so
 * the person who clicked Add Now at the foot of the form sees it and hears it.
 */
function BikeAdded({ id, onAddAnother }: { id: string; onAddAnother: () => void }) {
  const { canChangeStock } = useAccount();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [id]);
  return (
    <div
      ref={box}
      role="status"
      tabIndex={-1}
      aria-labelledby="bike-added-heading"
      className="alert alert-success bike-added"
    >
      <p className="mb-0">
        <strong id="bike-added-heading">Bike added:</strong>{" "}
        <Link to={bikePagePath(id)} className="alert-link">
          Open it
        </Link>
        {/* Each separator stays on the line of what it leads to. */}
        {canChangeStock && (
          <>
            {" "}
            <span className="text-nowrap">
              ·{" "}
              <Link to={bikeLabelPath(id)} className="alert-link">
                Print its label
              </Link>
            </span>
          </>
        )}{" "}
        <span className="text-nowrap">
          ·{" "}
          <Button
            variant="link"
            className="alert-link p-0 border-0 align-baseline"
            onClick={onAddAnother}
          >
            Add another
          </Button>
        </span>
      </p>
    </div>
  );
}

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
    costPrice: "",
    quantity: "",
    supplierName: "",
    reorderPoint: "",
  };
  const form = useForm<NewBikeInput, unknown, NewBike>({
    resolver,
    defaultValues: emptyForm,
  });
  const photo = useWatch({ control: form.control, name: "photo" });
  /** The id of the bike this form added last, while its links show. */
  const [addedId, setAddedId] = useState<string>();

  function onSubmit(bike: NewBike) {
    addBike.mutate(bike, {
      onSuccess: ({ insertedId }) => {
        toast.success("Your Import Item added");
        form.reset(emptyForm);
        setAddedId(insertedId);
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
      {addedId && (
        <BikeAdded
          id={addedId}
          onAddAnother={() => {
            // The form was emptied when the bike was added: what is typed since stays.
            setAddedId(undefined);
            form.setFocus("name");
          }}
        />
      )}
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
