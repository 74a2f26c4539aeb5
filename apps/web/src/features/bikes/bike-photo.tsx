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
  return (
    <img
      src={bike.photo}
      alt={decorative ? "" : bike.name}
      width={width}
      height={height}
      className={className}
      onError={() => setFailedPhoto(bike.photo)}
      {...loading}
    />
  );
}
