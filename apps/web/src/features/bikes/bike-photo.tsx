import { useState } from "react";

interface BikePhotoProps {
  bike: { name: string; photo: string };
  className?: string;
  /** The photo's box, which the placeholder keeps: 8:5, as the shipped photos are. */
  width: number;
  height: number;
  /** A thumbnail beside the bike's name says nothing more: hidden from screen readers. */
  decorative?: boolean;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
}

/** An uploaded photo's name: it is kept at 800 px, and at 400 px under `-400`. */
const UPLOADED_PHOTO = /\/images\/uploads\/[0-9a-f-]{36}\.webp$/;

/** The sizes an uploaded photo comes in, for the browser to pick from. */
const uploadedSizes = (photo: string) =>
  UPLOADED_PHOTO.test(photo)
    ? `${photo.replace(/\.webp$/, "-400.webp")} 400w, ${photo} 800w`
    : undefined;

/**
 * A bike's photo. One that fails to load (a dead link in an added bike) becomes a quiet panel of
 * the same size with the bike's name, instead of the browser's broken-image icon and alt text.
 */
export function BikePhoto({
  bike,
  className,
  width,
  height,
  decorative,
  ...loading
}: BikePhotoProps) {
  // Keyed by the URL, so a bike whose photo changes tries the new one.
  const [failedPhoto, setFailedPhoto] = useState<string>();
  if (failedPhoto === bike.photo) {
    const classes = `bike-photo-fallback ${className ?? ""}`;
    return decorative ? (
      <span className={`${classes} is-thumbnail`} aria-hidden="true" />
    ) : (
      <div role="img" aria-label={bike.name} className={classes}>
        <span aria-hidden="true">{bike.name}</span>
      </div>
    );
  }
  const srcSet = uploadedSizes(bike.photo);
  return (
    <img
      src={bike.photo}
      srcSet={srcSet}
      sizes={srcSet && `${width}px`}
      alt={decorative ? "" : bike.name}
      width={width}
      height={height}
      className={className}
      onError={() => setFailedPhoto(bike.photo)}
      {...loading}
    />
  );
}
