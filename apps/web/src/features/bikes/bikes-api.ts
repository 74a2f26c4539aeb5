import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  bikeDetailsSchema,
  bikeSchema,
  FEATURED_BIKE_COUNT,
  itemListSchema,
  deletedSchema,
  insertedSchema,
  stockMovementListSchema,
  uploadedPhotoSchema,
  type Bike,
  type BikeDetailsPatch,
  type NewBike,
} from "@ultimate-bikes/contract/bikes";
import {
  stockPageSchema,
  supplierListSchema,
  type StockPage,
  type StockQueryInput,
} from "@ultimate-bikes/contract/stock";
import {
  bikeTrackingPath,
  type NewUnit,
  type TrackingChange,
} from "@ultimate-bikes/contract/units";
import { withAccessToken } from "../../lib/access-token";
import { apiRequest } from "../../lib/api-client";
import { unitKeys } from "../../lib/units-api";
import { bikeDetailsPath, bikePath, stockReadPath, SUPPLIERS_PATH } from "./bikes-api-paths";

/**
 * Query keys for bikes. Everything that shows a bike sits under ["bikes"], so one invalidation
 * after any change refreshes every list, card, item and ledger that could show it.
 */
export const bikeKeys = {
  all: ["bikes"] as const,
  stock: () => [...bikeKeys.all, "stock"] as const,
  stockPage: (query: StockQueryInput) => [...bikeKeys.stock(), query] as const,
  suppliers: () => [...bikeKeys.all, "suppliers"] as const,
  detail: (id: string) => [...bikeKeys.all, "detail", id] as const,
  movements: (id: string) => [...bikeKeys.all, "movements", id] as const,
  details: (id: string) => [...bikeKeys.all, "details", id] as const,
  itemLists: () => [...bikeKeys.all, "items"] as const,
  items: (email: string) => [...bikeKeys.itemLists(), email] as const,
};

/** `GET /items?email=` with the bearer token (docs/product.md, API). */
const fetchMyItems = (email: string) =>
  withAccessToken(email, (token) =>
    apiRequest(`/items?email=${encodeURIComponent(email)}`, itemListSchema, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );

const bikeQueries = {
  stockPage: (query: StockQueryInput) =>
    queryOptions({
      queryKey: bikeKeys.stockPage(query),
      queryFn: () => apiRequest(stockReadPath(query), stockPageSchema),
    }),
  suppliers: () =>
    queryOptions({
      queryKey: bikeKeys.suppliers(),
      queryFn: () => apiRequest(SUPPLIERS_PATH, supplierListSchema),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: bikeKeys.detail(id),
      queryFn: () => apiRequest(bikePath(id), bikeSchema),
    }),
  movements: (id: string) =>
    queryOptions({
      queryKey: bikeKeys.movements(id),
      queryFn: () => apiRequest(`${bikePath(id)}/movements?limit=10`, stockMovementListSchema),
    }),
  items: (email: string) =>
    queryOptions({ queryKey: bikeKeys.items(email), queryFn: () => fetchMyItems(email) }),
};

/** One page of a stock view; while the next view loads, the last one stays on screen. */
/** A bike's editable details with their tag; each edit form asks afresh (staleTime 0). */
const detailsQuery = (id: string) =>
  queryOptions({
    queryKey: bikeKeys.details(id),
    queryFn: () => apiRequest(bikeDetailsPath(id), bikeDetailsSchema),
    staleTime: 0,
  });

export const useBikeDetails = (id: string) => useQuery(detailsQuery(id));

/** The details as stored now: after a refused edit, to show what someone else changed. */
export function useFreshBikeDetails(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery(detailsQuery(id));
}

/**
 * Saves the details an edit changed (PATCH: the others stay as stored, so the ledger names only
 * these), if the stored ones are still those of `tag` (If-Match; 412 when not).
 */
export function useEditBike(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, tag }: { values: BikeDetailsPatch; tag: string }) =>
      apiRequest(bikeDetailsPath(id), bikeDetailsSchema, {
        method: "PATCH",
        body: values,
        headers: { "if-match": `"${tag}"` },
      }),
    onSuccess: (details) => queryClient.setQueryData(bikeKeys.details(id), details),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bikeKeys.all }),
  });
}

export const useStockPage = (query: StockQueryInput) =>
  useQuery({ ...bikeQueries.stockPage(query), placeholderData: keepPreviousData });
/** Home's featured bikes: the first of the stock in the order it was added (docs/product.md, Home). */
export const useFeaturedBikes = () =>
  useQuery(bikeQueries.stockPage({ sort: "created", limit: FEATURED_BIKE_COUNT }));
export const useSuppliers = () => useQuery(bikeQueries.suppliers());
export const useBike = (id: string) => useQuery(bikeQueries.detail(id));
/** The bike's ledger; `enabled` false holds the request back (its skeleton shows meanwhile). */
export const useMovements = (id: string, enabled = true) =>
  useQuery({ ...bikeQueries.movements(id), enabled });
export const useMyItems = (email: string) => useQuery(bikeQueries.items(email));

/**
 * After a change: show the server's answer at once, then refresh everything else, the units of a
 * tracked model included.
 */
function useStockChange<Variables>(request: (variables: Variables) => Promise<Bike>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (bike) => queryClient.setQueryData(bikeKeys.detail(bike._id), bike),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bikeKeys.all }),
        queryClient.invalidateQueries({ queryKey: unitKeys.all }),
      ]),
  });
}

/** The order or invoice a change is for, when one was typed: the ledger shows it. */
const withReference = (reference: string) => (reference.trim() ? { reference } : {});

/** Delivered: one unit, or `amount` of them as one ledger entry ("Deliver 4"). */
/** The place a change names; without one the server uses the caller's default place. */
const atPlace = (placeId: string | undefined) => (placeId === undefined ? {} : { placeId });

export const useDeliver = (id: string) =>
  useStockChange(
    ({
      amount = 1,
      reference,
      placeId,
      unitId,
    }: {
      amount?: number;
      reference: string;
      placeId?: string;
      /** On a tracked model: the unit that leaves (else the server takes the oldest there). */
      unitId?: string;
    }) =>
      apiRequest(`${bikePath(id)}/deliveries`, bikeSchema, {
        method: "POST",
        body: {
          ...(amount === 1 ? {} : { amount }),
          ...withReference(reference),
          ...atPlace(placeId),
          ...(unitId === undefined ? {} : { unitId }),
        },
      }),
  );

/** Keeps chassis numbers whose check digit does not match, once the person confirmed them. */
const confirmed = (checkDigitsConfirmed: boolean | undefined) =>
  checkDigitsConfirmed ? { checkDigitsConfirmed } : {};

export const useImportUnits = (id: string) =>
  useStockChange(
    ({
      amount,
      reference,
      placeId,
      units,
      checkDigitsConfirmed,
    }: {
      amount: number;
      reference: string;
      placeId?: string;
      /** On a tracked model: each arriving unit, as many as `amount`. */
      units?: NewUnit[];
      checkDigitsConfirmed?: boolean;
    }) =>
      apiRequest(`${bikePath(id)}/imports`, bikeSchema, {
        method: "POST",
        body: {
          amount,
          ...withReference(reference),
          ...atPlace(placeId),
          ...(units ? { units } : {}),
          ...confirmed(checkDigitsConfirmed),
        },
      }),
  );

/** Turns tracking by unit on (every current unit identified, all-or-nothing) or off. */
export const useTracking = (id: string) =>
  useStockChange((change: TrackingChange) =>
    apiRequest(bikeTrackingPath(id), bikeSchema, {
      method: "PUT",
      body: change,
    }),
  );

/** Deletes a bike (Manage Inventory) or cancels an item (My Items); both drop it from every list. */
function useRemoval(pathFor: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(pathFor(id), deletedSchema, { method: "DELETE" }),
    onSuccess: (_result, id) => {
      queryClient.setQueriesData<StockPage>({ queryKey: bikeKeys.stock() }, (page) =>
        page?.items.some((bike) => bike._id === id)
          ? {
              ...page,
              items: page.items.filter((bike) => bike._id !== id),
              total: page.total - 1,
            }
          : page,
      );
      queryClient.removeQueries({ queryKey: bikeKeys.detail(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bikeKeys.all }),
  });
}

export const useDeleteBike = () => useRemoval(bikePath);
export const useCancelItem = () => useRemoval((id) => `/items/${encodeURIComponent(id)}`);

/** Uploads a photo file; the answer is the path to put in a bike's photo. */
export const useUploadPhoto = () =>
  useMutation({
    mutationFn: (file: File) =>
      apiRequest("/photos", uploadedPhotoSchema, {
        method: "POST",
        raw: { type: file.type || "application/octet-stream", content: file },
      }),
  });

export function useAddBike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bike: NewBike) =>
      apiRequest("/bikes", insertedSchema, { method: "POST", body: bike }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bikeKeys.all }),
  });
}
