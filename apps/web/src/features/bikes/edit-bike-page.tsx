import { zodResolver } from "@hookform/resolvers/zod";
import {
  bikeDetailsInputSchema,
  editableBikeFieldSchema,
  type BikeDetails,
  type BikeDetailsInput,
  type BikeDetailsPatch,
  type BikeDetailsValues,
  type EditableBikeField,
} from "@ultimate-bikes/contract/bikes";
import { useState } from "react";
import Alert from "react-bootstrap/Alert";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { SubmitButton } from "../../components/submit-button";
import { ApiRequestError } from "../../lib/api-client";
import { showServerFieldErrors } from "../../lib/form-errors";
import { bikePagePath, paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { bikeFields, BikeFormFields, type BikeFieldSpec } from "./bike-form-fields";
import { PhotoUpload } from "./photo-upload";
import { useBikeDetails, useEditBike, useFreshBikeDetails } from "./bikes-api";
import { changedFields, mergeDetails, mineOverTheirs } from "./details-merge";
import { EditConflict } from "./edit-conflict";
import { StockNumberForm } from "./stock-number-form";

const fields: BikeFieldSpec<FieldPath<BikeDetailsInput>>[] = [
  bikeFields.name,
  bikeFields.photo,
  bikeFields.des,
  bikeFields.price,
  bikeFields.costPrice,
  bikeFields.supplierName,
  bikeFields.reorderPoint,
];

/** Every detail an edit may change, on the form or not: a merge keeps theirs of each. */
const EDITABLE: readonly EditableBikeField[] = editableBikeFieldSchema.options;

/** The details as the form holds them: every value as the text of its input. */
const formValuesOf = ({ tag: _tag, ...details }: BikeDetails): BikeDetailsInput => ({
  ...details,
  price: details.price.toFixed(2),
  costPrice: details.costPrice === null ? "" : details.costPrice.toFixed(2),
  reorderPoint: String(details.reorderPoint),
});

/**
 * Edit a bike's details (not its quantity, which only Delivered and Import change). The form
 * saves only over the details it was loaded with: when someone else saved in between, the server
 * refuses (412) and the page merges field by field (details-merge.ts): what only one side changed
 * keeps that side's value, and only a field both changed differently is for the person to decide.
 */
export function EditBikePage() {
  const { id = "" } = useParams();
  usePageTitle("Edit bike");
  const details = useBikeDetails(id);
  return (
    <Container as="section" className="py-5 add-bike-form">
      <h1 className="text-center mb-4">Edit bike</h1>
      {details.isPending ? (
        <Skeleton label="Loading the bike…">
          <SkeletonLines lines={8} />
        </Skeleton>
      ) : details.error ? (
        <EditUnavailable error={details.error} id={id} onRetry={() => void details.refetch()} />
      ) : (
        <EditBikeForm id={id} loaded={details.data} />
      )}
      <StockNumberForm id={id} />
    </Container>
  );
}

function EditUnavailable({
  error,
  id,
  onRetry,
}: {
  error: Error;
  id: string;
  onRetry: () => void;
}) {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 404) {
    return (
      <Alert variant="warning" role="alert">
        <p>This bike is not in the warehouse.</p>
        <Link to={paths.inventory}>Back to the inventory</Link>
      </Alert>
    );
  }
  if (status === 403) {
    return (
      <Alert variant="warning" role="alert">
        <p>{error.message}</p>
        <Link to={bikePagePath(id)}>Back to the bike</Link>
      </Alert>
    );
  }
  return <ErrorMessage error={error} onRetry={onRetry} />;
}

function EditBikeForm({ id, loaded }: { id: string; loaded: BikeDetails }) {
  const navigate = useNavigate();
  const edit = useEditBike(id);
  const freshDetails = useFreshBikeDetails(id);
  /** The details the form's values were made from: an edit saves only over these. */
  const [base, setBase] = useState(loaded);
  /** What someone else saved meanwhile, once the server refused an edit made from `base`. */
  const [conflict, setConflict] = useState<{ mine: BikeDetailsValues; theirs: BikeDetails }>();
  const form = useForm<BikeDetailsInput, unknown, BikeDetailsValues>({
    resolver: zodResolver(bikeDetailsInputSchema),
    defaultValues: formValuesOf(loaded),
  });
  const photo = useWatch({ control: form.control, name: "photo" });

  /** Saves what `values` change from `over`, the details stored as far as this form knows. */
  function save(values: BikeDetailsValues, over: BikeDetails) {
    const changes = changedFields(EDITABLE, over, values) as BikeDetailsPatch;
    edit.mutate(
      { values: changes, tag: over.tag },
      {
        onSuccess: () => {
          toast.success("Bike updated");
          void navigate(bikePagePath(id));
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 412) {
            freshDetails().then(
              (theirs) => setConflict({ mine: values, theirs }),
              (failure: Error) => toast.error(failure.message),
            );
            return;
          }
          if (!showServerFieldErrors(error, form.setError)) toast.error(error.message);
        },
      },
    );
  }

  /** The form takes their details, keeping my changes to the fields they left alone. */
  function keepTheirs(theirs: BikeDetails) {
    const values = form.getValues();
    const mine = bikeDetailsInputSchema.safeParse(values);
    const { merged } = mergeDetails(EDITABLE, base, mine.success ? mine.data : base, theirs);
    form.reset(formValuesOf({ ...theirs, ...merged } as BikeDetails));
    setBase(theirs);
    setConflict(undefined);
  }

  /**
   * Saves the merge over theirs, with mine in the fields both changed. The form is read again,
   * since it stays editable beside the conflict. Only what differs from theirs is sent, with
   * their tag, so the ledger's entry holds what this person changed and nothing of theirs.
   */
  const saveMerged = (theirs: BikeDetails) =>
    form.handleSubmit((values) => {
      const merge = mergeDetails(EDITABLE, base, values, theirs);
      setBase(theirs);
      setConflict(undefined);
      save(mineOverTheirs(merge, values) as BikeDetailsValues, theirs);
    })();

  return (
    <>
      {conflict && (
        <EditConflict
          merge={mergeDetails(EDITABLE, base, conflict.mine, conflict.theirs)}
          theirs={conflict.theirs}
          mine={conflict.mine}
          pending={edit.isPending}
          onKeepTheirs={() => keepTheirs(conflict.theirs)}
          onSave={() => void saveMerged(conflict.theirs)}
        />
      )}
      <Form onSubmit={form.handleSubmit((values) => save(values, base))} noValidate>
        <BikeFormFields
          fields={fields}
          form={form}
          idPrefix="edit"
          afterField={{
            photo: (
              <PhotoUpload
                idPrefix="edit"
                photo={photo}
                onUploaded={(uploaded) =>
                  form.setValue("photo", uploaded, { shouldValidate: true, shouldDirty: true })
                }
              />
            ),
          }}
        />
        <p className="text-body-secondary small">
          The quantity changes only through Delivered and Import, so every unit is in the ledger.
        </p>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <SubmitButton pending={edit.isPending} pendingLabel="Saving…">
            Save changes
          </SubmitButton>
          <Link to={bikePagePath(id)} className="btn btn-outline-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}
