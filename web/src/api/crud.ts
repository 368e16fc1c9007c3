import type { AxiosRequestConfig } from 'axios';
import type { Page, Query } from './types';

/** The four CRUD verbs every BladeX module shares (contract §2): list, detail, submit, remove. */
export interface CrudApi<T> {
  /** A page, or (tree screens: dept, menu, role, region) the whole forest as an array. */
  list(query: Query): Promise<Page<T> | T[]>;
  detail(id: string): Promise<T>;
  /** Inserts when the row has no id, else updates. Resolves with the server's `msg`. */
  submit(row: Partial<T>): Promise<string | undefined>;
  /** Resolves with the server's `msg`. */
  remove(ids: string[]): Promise<string | undefined>;
  /** The tenant the verbs act in (the platform administrator's pick); part of the list's cache key. */
  readonly tenantId?: string;
}

/** What a generated function answers: the envelope (the token endpoint aside). */
export interface Answer<X> {
  data: X | null;
  msg: string;
}

/**
 * A module's generated functions for the four verbs (src/api/generated). CrudPage builds queries and rows
 * at run time from its column model, so they enter the typed client unchecked here (`never`); the row type
 * comes from what `detail` answers. Remove takes `ids` in the query, which the schema does not declare.
 */
export interface CrudEndpoints<T> {
  list: (params: never, options?: AxiosRequestConfig) => Promise<Answer<Page<T> | T[]>>;
  detail: (params: never, options?: AxiosRequestConfig) => Promise<Answer<T>>;
  submit: (body: never, options?: AxiosRequestConfig) => Promise<Answer<unknown>>;
  remove: (options: AxiosRequestConfig) => Promise<Answer<unknown>>;
}

/** Request options carrying the platform administrator's acting tenant (`useActingTenant`) beside `params` the
 * schema does not declare (`ids`, `userIds`); the server ignores `tenantId` for anyone else. */
export const acting = (tenantId?: string, params: AxiosRequestConfig['params'] = {}): AxiosRequestConfig => ({
  params: { ...params, tenantId },
});

/**
 * The CRUD verbs of a module's generated functions; `overrides` replace single verbs. `tenantId` goes on every
 * verb (`acting`).
 */
export function crudApi<T>(
  endpoints: CrudEndpoints<T>,
  overrides: Partial<CrudApi<T>> = {},
  tenantId?: string,
): CrudApi<T> {
  return {
    tenantId,
    async list(query) {
      return (await endpoints.list({ tenantId, ...query } as never)).data ?? [];
    },
    async detail(id) {
      return (await endpoints.detail({ id } as never, acting(tenantId))).data as T;
    },
    async submit(row) {
      return (await endpoints.submit(row as never, acting(tenantId))).msg;
    },
    async remove(ids) {
      return (await endpoints.remove(acting(tenantId, { ids: ids.join(',') }))).msg;
    },
    ...overrides,
  };
}
