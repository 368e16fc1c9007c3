import { type CrudApi, crudApi } from './crud';
import { http } from './http';
import type { Page, Query, R } from './types';

/** A dictionary row of /blade-system/dict and /dict-biz (spec §3): a parent (parentId 0, key -1) or an item. */
export interface DictRow {
  id?: string;
  parentId?: string;
  code: string;
  dictKey?: string;
  dictValue: string;
  dictValueEn?: string | null;
  sort?: number;
  remark?: string;
  isSealed?: number;
  hasChildren?: boolean;
  children?: DictRow[];
}

export type DictKind = 'dict' | 'dict-biz';

export const dictBase = (kind: DictKind) => `/blade-system/${kind}`;

/**
 * The parent table: `parent-list` pages the dictionaries; `submit-pri` saves one (parentId always 0).
 * `tenantId`: the platform administrator's acting tenant (business dictionaries).
 */
export function dictParentApi(kind: DictKind, tenantId?: string): CrudApi<DictRow> {
  const base = dictBase(kind);
  return crudApi<DictRow>(
    base,
    {
      async list(query) {
        const { data } = await http.get<R<Page<DictRow>>>(`${base}/parent-list`, {
          params: { tenantId, ...query },
        });
        return data.data;
      },
      async submit(row) {
        const { data } = await http.post<R<unknown>>(`${base}/submit-pri`, row, { params: { tenantId } });
        return data.msg;
      },
    },
    tenantId,
  );
}

/** The child table of one dictionary: `child-list?parentId=` (paged), rows saved with `submit`. */
export function dictChildApi(kind: DictKind, tenantId?: string): CrudApi<DictRow> {
  const base = dictBase(kind);
  return crudApi<DictRow>(
    base,
    {
      async list(query) {
        const { data } = await http.get<R<Page<DictRow>>>(`${base}/child-list`, {
          params: { tenantId, ...query },
        });
        return data.data;
      },
    },
    tenantId,
  );
}

/** The children of one item (multi-level dictionaries), for a lazily expanded row. */
export async function fetchDictChildren(kind: DictKind, parentId: string, extra: Query = {}) {
  const { data } = await http.get<R<Page<DictRow>>>(`${dictBase(kind)}/child-list`, {
    params: { ...extra, parentId, current: 1, size: 200 },
  });
  return data.data.records;
}
