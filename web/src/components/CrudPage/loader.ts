import type { CrudApi } from '#src/api/crud';
import { queryClient } from '#src/app/queryClient';
import { dictQuery } from '../DictSelect';
import { parseTableState } from './tableState';
import type { CrudOption } from './types';
import { crudListQuery } from './useCrudTable';

// Failures are reported by the HTTP layer; the page's own query shows the state on mount.
const ignore = () => undefined;

/**
 * The route loader of a CRUD screen: starts its first list page and its dictionaries as soon as the
 * route's chunk has loaded, so the requests run while the shell renders rather than after the page's
 * first commit. It does not wait for them, and a page already in the cache (a kept tab) is not refetched.
 * With `urlState` it starts the page the URL names (a deep link: page, size, filters, sort).
 */
export function crudLoader<T>(option: CrudOption<T>, api: CrudApi<T>) {
  return ({ request }: { request?: Request } = {}) => {
    // A screen keeping its table state in the URL opens on the page, filters and sort of the link.
    const state = parseTableState(option.urlState && request ? new URL(request.url).search : '');
    const page = { current: state.current, size: state.size };
    queryClient
      .ensureQueryData(crudListQuery(option.name, api, page, state.filters, {}, state.sort))
      .catch(ignore);
    for (const { dictCode } of option.columns) {
      if (dictCode) queryClient.ensureQueryData(dictQuery(dictCode)).catch(ignore);
    }
    return null;
  };
}
