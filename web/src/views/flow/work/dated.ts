import type { CrudApi } from '#src/api/crud';
import { rangeNames } from '#src/components/CrudPage';

/**
 * A 我的事务 list filtered by the date range on its column `prop` (the search bar's range picker): blade-flow
 * takes the range as `beginDate` / `endDate` (yyyy-MM-dd[ HH:mm:ss]), not as the `<prop>_datege` /
 * `<prop>_datele` the other lists take.
 */
export function datedApi<T>(api: CrudApi<T>, prop: string): CrudApi<T> {
  const [ge, le] = rangeNames(prop);
  return {
    ...api,
    list: ({ [ge]: beginDate, [le]: endDate, ...query }) =>
      api.list({
        ...query,
        ...(beginDate ? { beginDate } : {}),
        ...(endDate ? { endDate } : {}),
      }),
  };
}
