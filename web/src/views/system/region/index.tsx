import { PlusOutlined } from '@ant-design/icons';
import { fetchRegionChildren, REGION_ROOT, type Region, regionApi } from '#src/api/regionAdmin';
import { type CrudOption, CrudPage, type DicItem } from '#src/components/CrudPage';

/** region_level: 1 province, 2 city, 3 district, 4 town, 5 village. */
export const REGION_LEVELS: DicItem[] = [1, 2, 3, 4, 5].map((n) => ({
  label: `system.region.level${n}`,
  value: n,
}));

export const regionOption: CrudOption<Region> = {
  name: 'region',
  tree: true,
  lazy: (row) => fetchRegionChildren(row.code),
  permissions: { add: 'region_add', edit: 'region_edit', view: 'region_view', delete: 'region_delete' },
  dialogWidth: 640,
  columns: [
    {
      prop: 'code',
      label: 'system.region.code',
      search: true,
      required: true,
      editDisabled: true,
      rules: [{ max: 12 }, { pattern: /^[0-9A-Za-z]*$/, message: 'system.region.codeFormat' }],
      width: 180,
    },
    { prop: 'name', label: 'system.region.name', search: true, required: true, rules: [{ max: 32 }] },
    {
      prop: 'parentCode',
      label: 'system.region.parentCode',
      addDisabled: true,
      editDisabled: true,
      value: REGION_ROOT,
      tip: 'system.region.root',
      hide: true,
    },
    {
      prop: 'regionLevel',
      label: 'system.region.regionLevel',
      type: 'select',
      dicData: REGION_LEVELS,
      display: false,
      width: 100,
    },
    { prop: 'sort', label: 'system.region.sort', type: 'number', required: true, value: 1, width: 90 },
    {
      prop: 'remark',
      label: 'system.region.remark',
      type: 'textarea',
      span: 24,
      hide: true,
      rules: [{ max: 255 }],
    },
  ],
  // A child is added under the row: its parent code is fixed, the code starts with the parent's prefix.
  beforeOpen: (mode, row) => (mode === 'add' && row ? { parentCode: row.code } : undefined),
  rowActions: [
    {
      key: 'child',
      code: 'region_add',
      label: 'system.region.addChild',
      icon: <PlusOutlined />,
      onClick: (row, ctx) => ctx.open('add', row),
    },
  ],
};

/**
 * 行政区划 (/system/region): the region tree loaded one level at a time from the root 00, add child,
 * search by code or name (paged). A region with children cannot be removed (the server says so).
 */
export default function RegionPage() {
  return <CrudPage option={regionOption} api={regionApi} />;
}
