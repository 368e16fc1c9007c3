import { http } from './http';
import type { Page, Query, R } from './types';

/** The four CRUD verbs every BladeX module shares (contract §2): list, detail, submit, remove. */
export interface CrudApi<T> {
  list(query: Query): Promise<Page<T>>;
  detail(id: string): Promise<T>;
  /** Inserts when the row has no id, else updates. */
  submit(row: Partial<T>): Promise<void>;
  remove(ids: string[]): Promise<void>;
}

export function crudApi<T>(base: string): CrudApi<T> {
  return {
    async list(query) {
      const { data } = await http.get<R<Page<T>>>(`${base}/list`, { params: query });
      return data.data;
    },
    async detail(id) {
      const { data } = await http.get<R<T>>(`${base}/detail`, { params: { id } });
      return data.data;
    },
    async submit(row) {
      await http.post<R<unknown>>(`${base}/submit`, row);
    },
    async remove(ids) {
      await http.post<R<unknown>>(`${base}/remove`, null, { params: { ids: ids.join(',') } });
    },
  };
}
