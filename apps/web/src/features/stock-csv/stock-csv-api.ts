import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_BASE_PATH } from "@ultimate-bikes/contract/paths";
import {
  importPreviewSchema,
  importResultSchema,
  type StockCsvColumn,
} from "@ultimate-bikes/contract/stock-csv";
import type { StockStatus } from "@ultimate-bikes/contract/stock";
import { unitImportPreviewSchema, unitImportResultSchema } from "@ultimate-bikes/contract/unit-csv";
import { apiRequest } from "../../lib/api-client";

const asCsv = (content: string) => ({ type: "text/csv", content });

/** What importing the file would do; changes nothing. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: (file: string) =>
      apiRequest("/stock/import-preview", importPreviewSchema, {
        method: "POST",
        raw: asCsv(file),
      }),
  });

/** Imports the file in one go; every screen's bikes are asked for again afterwards. */
export function useImportCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: string) =>
      apiRequest("/stock/imports", importResultSchema, { method: "POST", raw: asCsv(file) }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** Which bikes an export holds: `GET /api/stock`'s filters; empty ones are left out. */
export interface ExportFilters {
  q: string;
  supplier: string;
  status: StockStatus | "";
}

/** The export's address: the browser downloads it with the session's cookie. */
export function exportUrl(columns: readonly StockCsvColumn[], filters: ExportFilters): string {
  const params = new URLSearchParams({ columns: columns.join(",") });
  for (const name of ["q", "supplier", "status"] as const) {
    const value = filters[name].trim();
    if (value) params.set(name, value);
  }
  return `${API_BASE_PATH}/stock/export.csv?${params}`;
}

/** A CSV to fill in: every column and one example row (`GET /api/stock/template.csv`). */
export const TEMPLATE_URL = `${API_BASE_PATH}/stock/template.csv`;

/** What importing a units file would do; changes nothing. */
export const usePreviewUnitImport = () =>
  useMutation({
    mutationFn: ({ file, confirmed }: { file: string; confirmed: boolean }) =>
      apiRequest(
        `/units/import-preview?checkDigitsConfirmed=${confirmed}`,
        unitImportPreviewSchema,
        { method: "POST", raw: asCsv(file) },
      ),
  });

/** Imports a units file in one go; every screen's bikes and units are asked for again. */
export function useImportUnitCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, confirmed }: { file: string; confirmed: boolean }) =>
      apiRequest(`/units/imports?checkDigitsConfirmed=${confirmed}`, unitImportResultSchema, {
        method: "POST",
        raw: asCsv(file),
      }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** Every unit as CSV, with its model and place: the browser downloads it with the cookie. */
export const UNITS_EXPORT_URL = `${API_BASE_PATH}/units/export.csv`;
