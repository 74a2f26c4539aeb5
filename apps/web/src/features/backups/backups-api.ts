import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BACKUPS_PATH,
  backupListSchema,
  backupPath,
  backupSchema,
} from "@ultimate-bikes/contract/backups";
import { apiRequest } from "../../lib/api-client";
import { apiUrl } from "../../lib/screen";

export const backupKeys = { all: ["backups"] as const };

const backupsQuery = () =>
  queryOptions({
    queryKey: backupKeys.all,
    queryFn: () => apiRequest(BACKUPS_PATH, backupListSchema),
  });

/** The backups and how they are made; only asked for when the caller is an admin. */
export const useBackups = (enabled: boolean) => useQuery({ ...backupsQuery(), enabled });

/** "Make a backup now": afterwards the list is read again. */
export function useMakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(BACKUPS_PATH, backupSchema, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

/** Where the browser downloads a backup: a plain link, the session cookie rides along. */
export const backupDownloadUrl = (name: string) => apiUrl(backupPath(name));
