import { zodResolver } from "@hookform/resolvers/zod";
import {
  bikeDetailsInputSchema,
  type BikeDetails,
  type BikeDetailsInput,
  type BikeDetailsValues,
  type EditableBikeField,
} from "@ultimate-bikes/contract/bikes";
import { useEffect, useRef, useState } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import Form from "react-bootstrap/Form";
import Table from "react-bootstrap/Table";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { SubmitButton } from "../../components/submit-button";
import { ApiRequestError } from "../../lib/api-client";
import { formatPrice } from "../../lib/format";
import { showServerFieldErrors } from "../../lib/form-errors";
import { bikePagePath, paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { bikeFields, BikeFormFields, type BikeFieldSpec } from "./bike-form-fields";
import { PhotoUpload } from "./photo-upload";
import { useBikeDetails, useEditBike, useFreshBikeDetails } from "./bikes-api";
import { EDITABLE_FIELD_LABELS } from "./editable-field-labels";

const fields: BikeFieldSpec<FieldPath<BikeDetailsInput>>[] = [
  bikeFields.name,
  bikeFields.photo,
  bikeFields.des,
  bikeFields.price,
  bikeFields.costPrice,
  bikeFields.supplierName,
  bikeFields.reorderPoint,
];

const EDITABLE: EditableBikeField[] = fields.map((field) => field.name);

/** The details as the form holds them: every value as the text of its input. */
const formValuesOf = ({ tag: _tag, ...details }: BikeDetails): BikeDetailsInput => ({
  ...details,
  price: details.price.toFixed(2),
  costPrice: details.costPrice === null ? "" : details.costPrice.toFixed(2),
  reorderPoint: String(details.reorderPoint),
});

/** A value as the conflict table shows it. */
function shown(field: EditableBikeField, value: string | number): string {
  if (field === "price" && value !== "" && !Number.isNaN(Number(value))) {
    return formatPrice(Number(value));
  }
  return String(value);
}

/**
 * Edit a bike's details (not its quantity, which only Delivered and Import change). The form
 * saves only over the details it was loaded with: when someone else saved in between, the server
 * refuses (412) and the page shows what they changed beside what was typed, so the person decides
 * whether to keep theirs or save their own over it.
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
  const [theirs, setTheirs] = useState<BikeDetails | null>(null);
  const form = useForm<BikeDetailsInput, unknown, BikeDetailsValues>({
    resolver: zodResolver(bikeDetailsInputSchema),
    defaultValues: formValuesOf(loaded),
  });
  const photo = useWatch({ control: form.control, name: "photo" });

  function save(values: BikeDetailsValues, tag: string) {
    edit.mutate(
      { values, tag },
      {
        onSuccess: () => {
          toast.success("Bike updated");
          void navigate(bikePagePath(id));
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 412) {
            freshDetails().then(setTheirs, (failure: Error) => toast.error(failure.message));
            return;
          }
          if (!showServerFieldErrors(error, form.setError)) toast.error(error.message);
        },
      },
    );
  }

  function keepTheirs(current: BikeDetails) {
    form.reset(formValuesOf(current));
    setBase(current);
    setTheirs(null);
  }

  const saveMineOver = (current: BikeDetails) =>
    form.handleSubmit((values) => {
      setBase(current);
      setTheirs(null);
      save(values, current.tag);
    })();

  return (
    <>
      {theirs && (
        <EditConflict
          base={base}
          theirs={theirs}
          yours={form.getValues()}
          pending={edit.isPending}
          onKeepTheirs={() => keepTheirs(theirs)}
          onSaveMine={() => void saveMineOver(theirs)}
        />
      )}
      <Form onSubmit={form.handleSubmit((values) => save(values, base.tag))} noValidate>
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

interface EditConflictProps {
  base: BikeDetails;
  theirs: BikeDetails;
  yours: BikeDetailsInput;
  pending: boolean;
  onKeepTheirs: () => void;
  onSaveMine: () => void;
}

/** What changed while the form was open: theirs (saved) beside what was typed, field by field. */
function EditConflict({
  base,
  theirs,
  yours,
  pending,
  onKeepTheirs,
  onSaveMine,
}: EditConflictProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [theirs]);
  const changed = EDITABLE.filter((field) => theirs[field] !== base[field]);
  return (
    <Alert variant="warning" className="mb-4" aria-labelledby="edit-conflict-heading">
      <h2 id="edit-conflict-heading" className="h5" tabIndex={-1} ref={heading}>
        Someone else changed this bike while you were editing it
      </h2>
      <p>Nothing of yours was saved. Their changes:</p>
      <Table size="sm" className="edit-conflict-table mb-3" bordered>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Saved by them</th>
            <th scope="col">Yours</th>
          </tr>
        </thead>
        <tbody>
          {changed.map((field) => (
            <tr key={field}>
              <th scope="row" className="text-capitalize">
                {EDITABLE_FIELD_LABELS[field]}
              </th>
              <td className="text-break">{shown(field, theirs[field])}</td>
              <td className="text-break">{shown(field, yours[field])}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-dark" onClick={onKeepTheirs} disabled={pending}>
          Use their version
        </Button>
        <Button variant="dark" onClick={onSaveMine} disabled={pending}>
          Save mine over theirs
        </Button>
      </div>
    </Alert>
  );
}
