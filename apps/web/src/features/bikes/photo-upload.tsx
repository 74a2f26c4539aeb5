import { PHOTO_UPLOAD_MAX_BYTES, PHOTO_UPLOAD_TYPES } from "@ultimate-bikes/contract/bikes";
import { useState, type ChangeEvent } from "react";
import Form from "react-bootstrap/Form";
import { isUploadedPhoto } from "../../lib/bike-changes";
import { useUploadPhoto } from "./bikes-api";

const MAX_MB = PHOTO_UPLOAD_MAX_BYTES / 1024 / 1024;

/** What the server does to every upload (photos/photo-sizes.ts), said before and after. */
export const CROP_TEXT = "cropped to 16:10";

/**
 * Uploads a photo from the device and hands its path to the form's "Photo url", which then shows
 * it as the server kept it: cropped to 16:10 around its middle, as the pages show it, which the
 * person is told beforehand. The server judges the file by its bytes; this only spares a
 * pointless upload.
 */
export function PhotoUpload({
  idPrefix,
  photo,
  onUploaded,
}: {
  idPrefix: string;
  /** The form's photo now, shown as a preview once it is an upload. */
  photo: string;
  onUploaded: (photo: string) => void;
}) {
  const upload = useUploadPhoto();
  const [problem, setProblem] = useState<string>();
  const hintId = `${idPrefix}-photo-file-hint`;
  const problemId = `${idPrefix}-photo-file-problem`;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setProblem(undefined);
    if (!file) return;
    if (!(PHOTO_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      setProblem("This file is not a JPEG, PNG or WebP photo.");
      return;
    }
    if (file.size > PHOTO_UPLOAD_MAX_BYTES) {
      setProblem(`This photo is larger than ${MAX_MB} MB.`);
      return;
    }
    upload.mutate(file, {
      onSuccess: (uploaded) => onUploaded(uploaded.photo),
      onError: (error) => setProblem(error.message),
    });
  }

  const uploaded = isUploadedPhoto(photo);
  return (
    <Form.Group className="mb-3" controlId={`${idPrefix}-photo-file`}>
      <Form.Label>Or upload a photo</Form.Label>
      <Form.Control
        type="file"
        accept={PHOTO_UPLOAD_TYPES.join(",")}
        onChange={(event) => choose(event as ChangeEvent<HTMLInputElement>)}
        isInvalid={Boolean(problem)}
        aria-describedby={[hintId, problem ? problemId : undefined].filter(Boolean).join(" ")}
        disabled={upload.isPending}
      />
      <Form.Text id={hintId} className="d-block">
        JPEG, PNG or WebP, at most {MAX_MB} MB. It fills in the photo url. It is {CROP_TEXT} around
        its middle, as the pages show it.
      </Form.Text>
      <div aria-live="polite">
        {upload.isPending && <p className="small mb-0">Uploading the photo…</p>}
        {uploaded && !upload.isPending && (
          <figure className="mt-2 mb-0">
            <img
              src={photo}
              alt="The photo this bike will have"
              width={200}
              height={125}
              className="rounded border object-fit-cover"
            />
            <figcaption className="small text-body-secondary">
              Uploaded, {CROP_TEXT} as the pages show it.
            </figcaption>
          </figure>
        )}
      </div>
      <Form.Control.Feedback type="invalid" id={problemId}>
        {problem}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
