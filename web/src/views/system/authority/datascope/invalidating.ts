import type { CrudApi } from '#src/api/crud';
import { systemKeys } from '#src/api/system';
import { queryClient } from '#src/app/queryClient';

/** The grant trees (role grant, data authority) list scopes: drop them after a scope write. */
export function invalidatingGrantTree<T>(api: CrudApi<T>): CrudApi<T> {
  const stale = () => queryClient.invalidateQueries({ queryKey: systemKeys.of('menu-grant-tree') });
  return {
    ...api,
    async submit(row) {
      const msg = await api.submit(row);
      await stale();
      return msg;
    },
    async remove(ids) {
      const msg = await api.remove(ids);
      await stale();
      return msg;
    },
  };
}
