import { http } from './http';
import type { Page, Query, R } from './types';

/** The four CRUD verbs every BladeX module shares (contract §2): list, detail, submit, remove. */
export interface CrudApi<T> {
  /** A page, or (tree screens: dept, menu, role, region) the whole forest as an array. */
  list(query: Query): Promise<Page<T> | T[]>;
  detail(id: string): Promise<T>;
  /** Inserts when the row has no id, else updates. Resolves with the server's `msg`. */
  submit(row: Partial<T>): Promise<string | undefined>;
  /** Resolves with the server's `msg`. */
  remove(ids: string[]): Promise<string | undefined>;
}

/**
 * The CRUD verbs under `base` (e.g. `/blade-system/post`); `overrides` replace single verbs. `tenantId` (the
 * platform administrator's acting tenant, see `useActingTenant`) goes on every verb; the server ignores it
 * for anyone else.
 */
export function crudApi<T>(base: string, overrides: Partial<CrudApi<T>> = {}, tenantId?: string): CrudApi<T> {
  return {
    async list(query) {
      const { data } = await http.get<R<Page<T> | T[]>>(`${base}/list`, { params: { tenantId, ...query } });
      return data.data;
    },
    async detail(id) {
      const { data } = await http.get<R<T>>(`${base}/detail`, { params: { id, tenantId } });
      return data.data;
    },
    async submit(row) {
      const { data } = await http.post<R<unknown>>(`${base}/submit`, row, { params: { tenantId } });
      return data.msg;
    },
    async remove(ids) {
      const { data } = await http.post<R<unknown>>(`${base}/remove`, null, {
        params: { ids: ids.join(','), tenantId },
      });
      return data.msg;
    },
    ...overrides,
  };
}

/** GET a URL answering `R<X>` and return `data` (dictionary / tree endpoints of `dicUrl` columns). */
export async function fetchData<X>(url: string, params?: Query): Promise<X> {
  const { data } = await http.get<R<X>>(url.replace(/^\/api(?=\/)/, ''), { params });
  return data.data;
}
