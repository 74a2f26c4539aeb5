import { usePlaces } from "../../lib/places";

/** A stock list's place filter by name, for "2 at Khulna showroom"; undefined without one. */
export function usePlaceName(placeId: string): string | undefined {
  const { data: places } = usePlaces();
  if (!placeId) return undefined;
  return places?.find((place) => place.id === placeId)?.name ?? "the place";
}

/** A bike's units at the filter's place, as the lists say them; undefined unless filtered. */
export const placeUnitsText = (
  bike: { placeQuantity?: number | undefined },
  placeName: string | undefined,
) =>
  placeName === undefined || bike.placeQuantity === undefined
    ? undefined
    : `${bike.placeQuantity} at ${placeName}`;
