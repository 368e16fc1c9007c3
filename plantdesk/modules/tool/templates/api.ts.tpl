import { acting, type CrudApi } from './crud';
import { request } from './request';
import type { Page, R } from './types';

/** A row of $code_name_en ($menu_path). */
export interface $Model {
  id: string;
$ts_fields
}

const BASE = '$menu_path';

/** The four BladeX verbs of /api$menu_path for CrudPage. */
export const ${screen_camel}Api: CrudApi<$Model> = {
  async list(query) {
    const answer = await request<R<Page<$Model>>>({ url: `$${BASE}/list`, method: 'GET', params: query });
    return answer.data;
  },
  async detail(id) {
    return (await request<R<$Model>>({ url: `$${BASE}/detail`, method: 'GET', params: { id } })).data;
  },
  async submit(row) {
    return (await request<R<$Model>>({ url: `$${BASE}/submit`, method: 'POST', data: row })).msg;
  },
  async remove(ids) {
    const options = acting(undefined, { ids: ids.join(',') });
    return (await request<R<boolean>>({ url: `$${BASE}/remove`, method: 'POST' }, options)).msg;
  },
};
