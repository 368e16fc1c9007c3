import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import type { MenuRow } from '#src/api/menuAdmin';
import { type DataScope, dataScopeApi } from '#src/api/scopeAdmin';
import { type CrudOption, CrudPage, type DicItem } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import { invalidatingGrantTree } from './invalidating';
import { ScopeLayout } from './ScopeLayout';
import { CUSTOM, ScopeValueEditor } from './ScopeValueEditor';
import { checkScopeValue, splitScopeValue } from './scopeValue';

const api = invalidatingGrantTree(dataScopeApi);

const D = 'authority.datascope';
// Keys of the dictionary data_scope_type; labels translated here.
const TYPES: DicItem[] = ['1', '2', '3', '4', '5'].map((v) => ({ value: v, label: `${D}.type_${v}` }));

const customOnly =
  (message: string): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_, value) => {
      if (String(getFieldValue('scopeType')) !== CUSTOM) return;
      if (!String(value ?? '').trim()) throw new Error(i18n.t(message));
    },
  });

const valueRule: Rule = ({ getFieldValue }) => ({
  validator: async (_, value) => {
    if (String(getFieldValue('scopeType')) !== CUSTOM) return;
    const problem = checkScopeValue(splitScopeValue(value));
    if (!problem) return;
    const key = problem.kind === 'unknownVariable' ? 'valueUnknownVar' : 'valueBadItem';
    // antd fills `${x}` placeholders of rule messages: name the item without its braces.
    throw new Error(i18n.t(`${D}.${key}`, { name: problem.item.replace(/[${}]/g, '') }));
  },
});

export function dataScopeOption(menu: MenuRow): CrudOption<DataScope> {
  return {
    name: 'datascope',
    permissions: {
      add: 'datascope_add',
      edit: 'datascope_edit',
      view: 'datascope_view',
      delete: 'datascope_delete',
    },
    dialogWidth: 820,
    beforeOpen: (mode) =>
      mode === 'add' ? { resourceCode: menu.code, scopeType: 1 as number, scopeField: '*' } : undefined,
    beforeSubmit: (body) => ({
      ...body,
      menuId: menu.id,
      // Only custom rules carry a value.
      scopeValue: String(body.scopeType) === CUSTOM ? body.scopeValue : '',
    }),
    columns: [
      {
        prop: 'scopeName',
        label: `${D}.scopeName`,
        search: true,
        rules: [{ required: true, whitespace: true, message: `${D}.nameRequired` }, { max: 255 }],
      },
      {
        prop: 'resourceCode',
        label: `${D}.resourceCode`,
        required: true,
        tip: `${D}.resourceCodeTip`,
        rules: [{ max: 255 }],
      },
      {
        prop: 'scopeType',
        label: `${D}.scopeType`,
        type: 'select',
        dicData: TYPES,
        required: true,
        width: 170,
      },
      {
        prop: 'scopeColumn',
        label: `${D}.scopeColumn`,
        tip: `${D}.scopeColumnTip`,
        rules: [
          { max: 255 },
          { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: `${D}.scopeColumnTip` },
          customOnly(`${D}.columnRequired`),
        ],
      },
      {
        prop: 'scopeValue',
        label: `${D}.scopeValue`,
        span: 24,
        tip: `${D}.scopeValueTip`,
        formComponent: ScopeValueEditor,
        rules: [{ max: 2000 }, customOnly(`${D}.valueRequired`), valueRule],
        overHidden: true,
      },
      { prop: 'scopeField', label: `${D}.scopeField`, rules: [{ max: 255 }], hide: true },
      { prop: 'scopeClass', label: `${D}.scopeClass`, rules: [{ max: 500 }], hide: true },
      { prop: 'remark', label: `${D}.remark`, type: 'textarea', span: 24, hide: true, rules: [{ max: 255 }] },
    ],
  };
}

/** 数据权限 (/authority/datascope): pick a menu, then list and edit the data-scope rules of its list. */
export default function DataScopePage() {
  return <ScopeLayout name="datascope">{(menu) => <DataScopeList key={menu.id} menu={menu} />}</ScopeLayout>;
}

function DataScopeList({ menu }: { menu: MenuRow }) {
  const option = useMemo(() => dataScopeOption(menu), [menu]);
  const query = useMemo(() => ({ menuId: String(menu.id) }), [menu]);
  return <CrudPage option={option} api={api} query={query} />;
}
