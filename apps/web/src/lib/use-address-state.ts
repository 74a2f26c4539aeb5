import { startTransition, useOptimistic } from "react";
import { useSearchParams } from "react-router";

/**
 * A value kept in the address's query, so a link or Back restores it (docs/decisions/021). The
 * router moves to a new address as a transition, which React may render a little later; the new
 * value shows at once meanwhile, so a ticked box stays ticked and a key typed into a field lands
 * in the text as it now is. `write` sets the value's parameters on a copy of the current ones.
 */
export function useAddressState<T>(
  read: (search: URLSearchParams) => T,
  write: (params: URLSearchParams, value: T) => void,
): [T, (value: T) => void] {
  const [search, setSearch] = useSearchParams();
  const [value, show] = useOptimistic(read(search));
  const set = (next: T) =>
    startTransition(() => {
      show(next);
      setSearch((current) => {
        const params = new URLSearchParams(current);
        write(params, next);
        return params;
      });
    });
  return [value, set];
}
