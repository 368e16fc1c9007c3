import type { CrudApi } from '#src/api/crud';
import { queryClient } from '#src/app/queryClient';
import { dictQuery } from '../DictSelect';
import type { CrudOption } from './types';
import { crudListQuery, FIRST_PAGE } from './useCrudTable';

// Failures are reported by the HTTP layer; the page's own query shows the state on mount.
const ignore = () => undefined;

/**
 * The route loader of a CRUD screen: starts its first list page and its dictionaries as soon as the
 * route's chunk has loaded, so the requests run while the shell renders rather than after the page's
 * first commit. It does not wait for them, and a page already in the cache (a kept tab) is not refetched.
 */
export function crudLoader<T>(option: CrudOption<T>, api: CrudApi<T>) {
  return () => {
    queryClient.ensureQueryData(crudListQuery(option.name, api, FIRST_PAGE, {}, {})).catch(ignore);
    for (const { dictCode } of option.columns) {
      if (dictCode) queryClient.ensureQueryData(dictQuery(dictCode)).catch(ignore);
    }
    return null;
  };
}
