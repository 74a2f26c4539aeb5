import { queryOptions, useQuery } from "@tanstack/react-query";
import { placeListSchema, PLACES_PATH, type Place } from "@ultimate-bikes/contract/places";
import { apiRequest } from "./api-client";
import { useAccount } from "./account";

/*
 * The places (issue 23), which many screens pick from: a bike's Delivered and Import, the stock
 * filters, transfers, the profile's home place. Shared here, as features do not import each other.
 */

export const placeKeys = {
  all: ["places"] as const,
  list: (archived: boolean) => [...placeKeys.all, { archived }] as const,
};

export const placesQuery = (archived = false) =>
  queryOptions({
    queryKey: placeKeys.list(archived),
    queryFn: () =>
      apiRequest(`${PLACES_PATH}${archived ? "?archived=include" : ""}`, placeListSchema),
    // Places change seldom; a screen open for an hour still asks again now and then.
    staleTime: 60_000,
  });

/** The open places, the main warehouse first; archived ones too with `archived`. */
export const usePlaces = (archived = false) => useQuery(placesQuery(archived));

/**
 * Where the signed-in person's stock actions happen unless they pick another place: their home
 * place while it is open, else the main warehouse (as the server decides it).
 */
export function defaultPlaceOf(places: readonly Place[], homePlaceId: string | null | undefined) {
  return (
    places.find((place) => place.id === homePlaceId && place.archivedAt === null) ??
    places.find((place) => place.main)
  );
}

/** The signed-in person's default place, once the places and the account are known. */
export function useDefaultPlace(): Place | undefined {
  const { data } = usePlaces();
  const { account } = useAccount();
  return data && defaultPlaceOf(data, account?.homePlaceId);
}
