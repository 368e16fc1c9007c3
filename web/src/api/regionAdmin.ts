import type { CrudApi } from './crud';
import {
  getBladeSystemRegionDetail,
  getBladeSystemRegionLazyList,
  getBladeSystemRegionList,
  postBladeSystemRegionRemove,
  postBladeSystemRegionSubmit,
  type RegionRead,
  type RegionWrite,
} from './generated/client';
import type { Query } from './types';

/** A region (keyed by `code`); `id` repeats the code so list rows, detail and remove share one key. */
export type Region = RegionRead & { id?: string; children?: Region[] };

export const REGION_ROOT = '00';

const withId = (r: RegionRead): Region => ({ ...r, id: r.code });

/** One level below `parentCode` (root `00`), each row with `hasChildren`. */
export async function fetchRegionChildren(parentCode: string) {
  return ((await getBladeSystemRegionLazyList({ parentCode })).data ?? []).map(withId);
}

/**
 * Regions: without a search the tree is loaded level by level (lazy-list); a search by code or name asks
 * the paged list. Remove takes one code per call (`remove?id=<code>`).
 */
export const regionApi: CrudApi<Region> = {
  async list(query: Query) {
    const { current, size, code, name } = query;
    if (!code && !name) return fetchRegionChildren(REGION_ROOT);
    const params = { current, size, code, name } as {
      current?: number;
      size?: number;
      code?: string;
      name?: string;
    };
    const { data } = await getBladeSystemRegionList(params);
    const page = data ?? { records: [], total: 0, size: 0, current: 1, pages: 0 };
    return { ...page, records: page.records.map((r) => ({ ...withId(r), hasChildren: false })) };
  },
  async detail(code) {
    return withId((await getBladeSystemRegionDetail({ code })).data as RegionRead);
  },
  async submit(row) {
    const { id: _, parentName: __, ...body } = row;
    return (await postBladeSystemRegionSubmit(body as RegionWrite)).msg;
  },
  async remove(codes) {
    let msg: string | undefined;
    for (const id of codes) {
      msg = (await postBladeSystemRegionRemove({ params: { id } })).msg;
    }
    return msg;
  },
};
