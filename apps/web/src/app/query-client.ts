import { QueryClient } from "@tanstack/react-query";

/**
 * The HTTP status of a failed API call (ApiRequestError in lib/api-client.ts), read by shape: the
 * shell creates this client before the first paint, and the API client brings the contract's
 * schemas, which load later.
 */
const statusOf = (error: Error) => (error as Error & { status?: unknown }).status;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // A 4xx will not change by asking again; a network blip might.
        retry: (failureCount, error) => {
          const status = statusOf(error);
          return failureCount < 2 && !(typeof status === "number" && status >= 400 && status < 500);
        },
      },
    },
  });
}
