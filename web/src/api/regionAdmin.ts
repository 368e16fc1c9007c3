import type { CrudApi } from './crud';
import { http } from './http';
import type { Page, Query, R } from './types';

/** A region (keyed by `code`); `id` repeats the code so list rows, detail and remove share one key. */
export interface Region {
  id?: string;
  code: string;
  parentCode: string;
  parentName?: string;
  name: string;
  regionLevel?: number;
  sort: number;
  remark?: string;
  hasChildren?: boolean;
  children?: Region[];
}

export const REGION_ROOT = '00';
const BASE = '/blade-system/region';

const withId = (r: Region): Region => ({ ...r, id: r.code });

/** One level below `parentCode` (root `00`), each row with `hasChildren`. */
export async function fetchRegionChildren(parentCode: string) {
  const { data } = await http.get<R<Region[]>>(`${BASE}/lazy-list`, { params: { parentCode } });
  return (data.data ?? []).map(withId);
}

/**
 * Regions: without a search the tree is loaded level by level (lazy-list); a search by code or name asks
 * the paged list. Remove takes one code per call (`remove?id=<code>`).
 */
export const regionApi: CrudApi<Region> = {
  async list(query: Query) {
    const { current, size, code, name } = query;
    if (!code && !name) return fetchRegionChildren(REGION_ROOT);
    const { data } = await http.get<R<Page<Region>>>(`${BASE}/list`, {
      params: { current, size, code, name },
    });
    return { ...data.data, records: data.data.records.map((r) => ({ ...withId(r), hasChildren: false })) };
  },
  async detail(code) {
    const { data } = await http.get<R<Region>>(`${BASE}/detail`, { params: { code } });
    return withId(data.data);
  },
  async submit(row) {
    const { id: _, parentName: __, ...body } = row;
    const { data } = await http.post<R<unknown>>(`${BASE}/submit`, body);
    return data.msg;
  },
  async remove(codes) {
    let msg: string | undefined;
    for (const id of codes) {
      const { data } = await http.post<R<unknown>>(`${BASE}/remove`, null, { params: { id } });
      msg = data.msg;
    }
    return msg;
  },
};
