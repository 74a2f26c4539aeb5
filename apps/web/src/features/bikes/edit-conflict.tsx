import type { BikeDetails, EditableBikeField } from "@ultimate-bikes/contract/bikes";
import { useEffect, useRef } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Table from "react-bootstrap/Table";
import { detailValueText, EDITABLE_FIELD_LABELS, smallPhotoOf } from "../../lib/bike-changes";
import type { DetailsMerge } from "./details-merge";

type Value = string | number | null;

/** A value in the conflict table: a photo as a small thumbnail, never its path. */
function ShownValue({
  field,
  value,
  whose,
}: {
  field: EditableBikeField;
  value: Value;
  whose: string;
}) {
  if (field === "photo" && typeof value === "string" && value !== "") {
    return (
      <img
        src={smallPhotoOf(value)}
        alt={`${whose} photo`}
        width={80}
        height={50}
        className="rounded border object-fit-cover"
      />
    );
  }
  return <>{detailValueText(field, value)}</>;
}

/** "name: Honda CB500 Special; photo: new photo": changes kept, said in a line. */
const listed = (fields: EditableBikeField[], values: Partial<Record<EditableBikeField, Value>>) =>
  fields
    .map(
      (field) =>
        `${EDITABLE_FIELD_LABELS[field]}: ${detailValueText(field, values[field] ?? null)}`,
    )
    .join("; ");

interface EditConflictProps {
  merge: DetailsMerge<EditableBikeField>;
  theirs: BikeDetails;
  /** What was typed when the save was refused. */
  mine: Partial<Record<EditableBikeField, Value>>;
  pending: boolean;
  /** The form takes their details (and keeps my changes to the fields they left alone). */
  onKeepTheirs: () => void;
  /** Saves the merge, with mine in the fields both changed. */
  onSave: () => void;
}

/**
 * What changed while the form was open, merged field by field: a field only one side changed
 * keeps that side's value; only the fields both changed, differently, are shown side by side for
 * the person to decide. Nothing is saved until they say so.
 */
export function EditConflict({
  merge,
  theirs,
  mine,
  pending,
  onKeepTheirs,
  onSave,
}: EditConflictProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [theirs]);
  const { conflicts, onlyMine, onlyTheirs } = merge;
  const conflicting = conflicts.length > 0;
  return (
    <Alert variant="warning" className="mb-4" aria-labelledby="edit-conflict-heading">
      <h2 id="edit-conflict-heading" className="h5" tabIndex={-1} ref={heading}>
        Someone else changed this bike while you were editing it
      </h2>
      <p>Nothing of yours was saved. Their changes:</p>
      {conflicting && (
        <Table size="sm" className="edit-conflict-table mb-3" bordered>
          <caption className="caption-top text-reset">Changed by both of you: you decide</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Saved by them</th>
              <th scope="col">Yours</th>
            </tr>
          </thead>
          <tbody>
            {conflicts.map((field) => (
              <tr key={field}>
                <th scope="row" className="text-capitalize">
                  {EDITABLE_FIELD_LABELS[field]}
                </th>
                <td className="text-break">
                  <ShownValue field={field} value={theirs[field]} whose="Their" />
                </td>
                <td className="text-break">
                  <ShownValue field={field} value={mine[field] ?? null} whose="Your" />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {onlyTheirs.length + onlyMine.length > 0 && (
        <ul className="edit-conflict-kept">
          {onlyTheirs.length > 0 && (
            <li>
              {conflicting ? "Their other changes stay" : "Their changes stay"}:{" "}
              {listed(onlyTheirs, theirs)}
            </li>
          )}
          {onlyMine.length > 0 && (
            <li>
              {conflicting ? "Your other changes stay" : "Your changes stay"}:{" "}
              {listed(onlyMine, mine)}
            </li>
          )}
        </ul>
      )}
      <p>
        {conflicting
          ? "Save mine over theirs replaces only the fields in the table."
          : "None of their changes is to a field you changed, so nothing conflicts. Save both?"}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-dark" onClick={onKeepTheirs} disabled={pending}>
          Use their version
        </Button>
        <Button variant="dark" onClick={onSave} disabled={pending}>
          {conflicting ? "Save mine over theirs" : "Save both"}
        </Button>
      </div>
    </Alert>
  );
}
