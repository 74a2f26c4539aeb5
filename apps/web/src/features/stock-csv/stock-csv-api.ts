import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_BASE_PATH } from "@ultimate-bikes/contract/paths";
import {
  importPreviewSchema,
  importResultSchema,
  type StockCsvColumn,
} from "@ultimate-bikes/contract/stock-csv";
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

/** The export's address: the browser downloads it with the session's cookie. */
export const exportUrl = (columns: readonly StockCsvColumn[]) =>
  `${API_BASE_PATH}/stock/export.csv?columns=${encodeURIComponent(columns.join(","))}`;
