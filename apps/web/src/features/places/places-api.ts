import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  placePath,
  placeSchema,
  PLACES_PATH,
  type NewPlace,
  type Place,
  type PlacePatch,
} from "@ultimate-bikes/contract/places";
import { apiRequest } from "../../lib/api-client";
import { placeKeys } from "../../lib/places";

/** A change to the places: afterwards every screen's list of places is read again. */
function usePlaceChange<Variables>(request: (variables: Variables) => Promise<Place>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: placeKeys.all }),
  });
}

export const useAddPlace = () =>
  usePlaceChange((place: NewPlace) =>
    apiRequest(PLACES_PATH, placeSchema, { method: "POST", body: place }),
  );

export const useChangePlace = () =>
  usePlaceChange(({ id, patch }: { id: string; patch: PlacePatch }) =>
    apiRequest(placePath(id), placeSchema, { method: "PATCH", body: patch }),
  );
