import { PlusOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import type { CrudApi } from '#src/api/crud';
import { fetchMenuLevel, type MenuRow, type MenuType, menuApi } from '#src/api/menuAdmin';
import { menuTreeQuery } from '#src/api/org';
import { queryClient } from '#src/app/queryClient';
import { lazyChunk } from '#src/app/registry';
import { type CrudOption, CrudPage, type DicItem } from '#src/components/CrudPage';
import { MenuIcon } from './MenuIcon';

// The icon grid (and the ~100 icons) load with the dialog, not with the list.
const IconPicker = lazyChunk(() => import('./IconPicker'));

const M = 'system.menu';
const MENU = '1';

export const MENU_TYPES: DicItem[] = (['sys', 'pc', 'app', 'tpy'] as const).map((v) => ({
  value: v,
  label: `${M}.type_${v}`,
}));
const CATEGORIES: DicItem[] = [
  { value: '1', label: `${M}.category_1` },
  { value: '2', label: `${M}.category_2` },
];
// Keys of the dictionaries menu_category, button_func and menu_open (1 no, 2 yes); labels translated here.
const ACTIONS: DicItem[] = ['0', '1', '2', '3'].map((v) => ({ value: v, label: `${M}.action_${v}` }));
const OPEN: DicItem[] = [
  { value: '1', label: `${M}.no` },
  { value: '2', label: `${M}.yes` },
];
const SHOW: DicItem[] = [
  { value: '1', label: `${M}.yes` },
  { value: '0', label: `${M}.no` },
];

/** After a write the parent picker's menu tree (a cached dicQuery) is out of date. */
function withTreeRefresh(api: CrudApi<MenuRow>): CrudApi<MenuRow> {
  const stale = () => queryClient.invalidateQueries({ queryKey: menuTreeQuery.queryKey });
  return {
    ...api,
    async submit(row) {
      const msg = await api.submit(row);
      await stale();
      return msg;
    },
    async remove(ids) {
      const msg = await api.remove(ids);
      await stale();
      return msg;
    },
  };
}

export interface MenuScreenProps {
  /** Button code prefix of the screen: menu, mobilemenu or pcmenu. */
  code: 'menu' | 'mobilemenu' | 'pcmenu';
  /** The menu type the screen is fixed to (mobile: app, PC: pc); none = every type. */
  type?: MenuType;
}

/** Form defaults of a new menu: top level, or a child of `parent` (same type; below a menu, a button). */
export function newMenuValues(parent: MenuRow | undefined, type: MenuType | undefined): Partial<MenuRow> {
  const values = {
    category: MENU,
    action: '0',
    isOpen: '1',
    isShow: '1',
    sort: 1,
    menuType: parent?.menuType ?? type ?? 'sys',
  } as unknown as Partial<MenuRow>;
  if (parent) values.parentId = parent.id;
  return values;
}

/**
 * The menu admin screen: a lazy tree (first level listed, children on expand), add child, edit, view,
 * delete (the server refuses while children exist and its message is shown). System menus list every
 * menu type; the mobile and PC menu screens list and create their own type only.
 */
export function MenuScreen({ code, type }: MenuScreenProps) {
  const api = useMemo(() => withTreeRefresh(menuApi(type)), [type]);
  const option = useMemo<CrudOption<MenuRow>>(
    () => ({
      name: type ? `menu-${type}` : 'menu',
      tree: true,
      lazy: (row) => fetchMenuLevel(String(row.id), type),
      permissions: {
        add: `${code}_add`,
        edit: `${code}_edit`,
        view: `${code}_view`,
        delete: `${code}_delete`,
      },
      dialogWidth: 860,
      rowActions: [
        {
          key: 'addChild',
          code: `${code}_add`,
          label: `${M}.addChild`,
          icon: <PlusOutlined />,
          show: (row) => String(row.category) === MENU,
          onClick: (row, ctx) => ctx.open('add', row),
        },
      ],
      beforeOpen: async (mode, row, crudApi) => {
        if (mode === 'add') return newMenuValues(row, type);
        const record = await crudApi.detail(String(row?.id));
        // Top-level menus have parent 0, which is no node of the parent tree.
        return { ...record, parentId: record.parentId === '0' ? undefined : record.parentId };
      },
      beforeSubmit: (body) => ({ ...body, parentId: body.parentId || '0' }),
      columns: [
        {
          prop: 'name',
          label: `${M}.name`,
          search: true,
          rules: [{ required: true, whitespace: true, message: `${M}.nameRequired` }, { max: 255 }],
          width: 200,
        },
        { prop: 'nameEn', label: `${M}.nameEn`, rules: [{ max: 255 }], overHidden: true, width: 160 },
        {
          prop: 'code',
          label: `${M}.code`,
          search: true,
          rules: [{ required: true, whitespace: true, message: `${M}.codeRequired` }, { max: 255 }],
        },
        {
          prop: 'parentId',
          label: `${M}.parentId`,
          type: 'tree-select',
          dicQuery: menuTreeQuery,
          tip: `${M}.parentTip`,
          hide: true,
        },
        {
          prop: 'source',
          label: `${M}.source`,
          formComponent: IconPicker,
          render: (row) => <MenuIcon source={row.source} />,
          width: 80,
        },
        { prop: 'path', label: `${M}.path`, rules: [{ max: 255 }], overHidden: true, width: 200 },
        { prop: 'alias', label: `${M}.alias`, rules: [{ max: 255 }], hide: true },
        {
          prop: 'category',
          label: `${M}.category`,
          type: 'radio',
          dicData: CATEGORIES,
          required: true,
          width: 90,
        },
        { prop: 'action', label: `${M}.action`, type: 'select', dicData: ACTIONS, hide: true },
        { prop: 'isOpen', label: `${M}.isOpen`, type: 'radio', dicData: OPEN, width: 100 },
        { prop: 'isShow', label: `${M}.isShow`, type: 'radio', dicData: SHOW, hide: true },
        {
          prop: 'menuType',
          label: `${M}.menuType`,
          type: 'select',
          dicData: MENU_TYPES,
          required: true,
          hide: Boolean(type),
          addDisabled: Boolean(type),
          editDisabled: Boolean(type),
          width: 110,
        },
        { prop: 'sort', label: `${M}.sort`, type: 'number', required: true, width: 90 },
        {
          prop: 'remark',
          label: `${M}.remark`,
          type: 'textarea',
          span: 24,
          hide: true,
          rules: [{ max: 255 }],
        },
      ],
    }),
    [code, type],
  );
  return <CrudPage option={option} api={api} />;
}
