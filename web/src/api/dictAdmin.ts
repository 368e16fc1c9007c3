import { type CrudApi, crudApi } from './crud';
import {
  type DictRead,
  getBladeSystemDictBizChildList,
  getBladeSystemDictBizDetail,
  getBladeSystemDictBizParentList,
  getBladeSystemDictChildList,
  getBladeSystemDictDetail,
  getBladeSystemDictParentList,
  postBladeSystemDictBizRemove,
  postBladeSystemDictBizSubmit,
  postBladeSystemDictBizSubmitPri,
  postBladeSystemDictRemove,
  postBladeSystemDictSubmit,
  postBladeSystemDictSubmitPri,
} from './generated/client';
import type { Query } from './types';

/** A dictionary row of /blade-system/dict and /dict-biz (spec §3): a parent (parentId 0, key -1) or an item. */
export type DictRow = DictRead & { children?: DictRow[] };

export type DictKind = 'dict' | 'dict-biz';

/** The two dictionaries share one API shape; `parentList` / `submitPri` serve the parent table. */
const ENDPOINTS = {
  dict: {
    parentList: getBladeSystemDictParentList,
    childList: getBladeSystemDictChildList,
    detail: getBladeSystemDictDetail,
    submit: postBladeSystemDictSubmit,
    submitPri: postBladeSystemDictSubmitPri,
    remove: postBladeSystemDictRemove,
  },
  'dict-biz': {
    parentList: getBladeSystemDictBizParentList,
    childList: getBladeSystemDictBizChildList,
    detail: getBladeSystemDictBizDetail,
    submit: postBladeSystemDictBizSubmit,
    submitPri: postBladeSystemDictBizSubmitPri,
    remove: postBladeSystemDictBizRemove,
  },
};

/** The file endpoints of a dictionary (ExcelImport and download take URLs: file bodies, not envelopes). */
export const dictFileUrls = (kind: DictKind) => ({
  export: `/blade-system/${kind}/export`,
  import: `/blade-system/${kind}/import`,
});

/**
 * The parent table: `parent-list` pages the dictionaries; `submit-pri` saves one (parentId always 0).
 * `tenantId`: the platform administrator's acting tenant (business dictionaries).
 */
export function dictParentApi(kind: DictKind, tenantId?: string): CrudApi<DictRow> {
  const { parentList, submitPri, ...rest } = ENDPOINTS[kind];
  return crudApi<DictRow>({ ...rest, list: parentList, submit: submitPri }, {}, tenantId);
}

/** The child table of one dictionary: `child-list?parentId=` (paged), rows saved with `submit`. */
export function dictChildApi(kind: DictKind, tenantId?: string): CrudApi<DictRow> {
  const { childList, ...rest } = ENDPOINTS[kind];
  return crudApi<DictRow>({ ...rest, list: childList }, {}, tenantId);
}

/** The children of one item (multi-level dictionaries), for a lazily expanded row. */
export async function fetchDictChildren(kind: DictKind, parentId: string, extra: Query = {}) {
  const params = { ...extra, parentId, current: 1, size: 200 };
  const { data } = await ENDPOINTS[kind].childList(params as never);
  return data?.records ?? [];
}
