import { useMemo } from 'react';
import type { MenuRow } from '#src/api/menuAdmin';
import { type ApiScope, apiScopeApi } from '#src/api/scopeAdmin';
import { type CrudOption, CrudPage, type DicItem } from '#src/components/CrudPage';
import { invalidatingGrantTree } from '../datascope/invalidating';
import { ScopeLayout } from '../datascope/ScopeLayout';

const api = invalidatingGrantTree(apiScopeApi);

const A = 'authority.apiscope';
// Keys of the dictionary api_scope_type; labels translated here.
const TYPES: DicItem[] = ['1', '2'].map((v) => ({ value: v, label: `${A}.type_${v}` }));

export function apiScopeOption(menu: MenuRow): CrudOption<ApiScope> {
  return {
    name: 'apiscope',
    permissions: {
      add: 'apiscope_add',
      edit: 'apiscope_edit',
      view: 'apiscope_view',
      delete: 'apiscope_delete',
    },
    dialogWidth: 760,
    beforeOpen: (mode) => (mode === 'add' ? { resourceCode: menu.code, scopeType: 1 as number } : undefined),
    beforeSubmit: (body) => ({ ...body, menuId: menu.id }),
    columns: [
      {
        prop: 'scopeName',
        label: `${A}.scopeName`,
        search: true,
        rules: [{ required: true, whitespace: true, message: `${A}.nameRequired` }, { max: 255 }],
      },
      { prop: 'resourceCode', label: `${A}.resourceCode`, required: true, rules: [{ max: 255 }] },
      {
        prop: 'scopePath',
        label: `${A}.scopePath`,
        span: 24,
        tip: `${A}.scopePathTip`,
        rules: [{ required: true, whitespace: true, message: `${A}.pathRequired` }, { max: 255 }],
        overHidden: true,
      },
      {
        prop: 'scopeType',
        label: `${A}.scopeType`,
        type: 'select',
        dicData: TYPES,
        required: true,
        width: 120,
      },
      { prop: 'remark', label: `${A}.remark`, type: 'textarea', span: 24, hide: true, rules: [{ max: 255 }] },
    ],
  };
}

/** 接口权限 (/authority/apiscope): pick a menu, then list and edit the API scopes under it. */
export default function ApiScopePage() {
  return <ScopeLayout name="apiscope">{(menu) => <ApiScopeList key={menu.id} menu={menu} />}</ScopeLayout>;
}

function ApiScopeList({ menu }: { menu: MenuRow }) {
  const option = useMemo(() => apiScopeOption(menu), [menu]);
  const query = useMemo(() => ({ menuId: String(menu.id) }), [menu]);
  return <CrudPage option={option} api={api} query={query} />;
}
