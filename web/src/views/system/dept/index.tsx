import { PlusOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { type Dept, deptApiFor } from '#src/api/deptAdmin';
import { deptTreeQuery } from '#src/api/org';
import { lazyChunk } from '#src/app/registry';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { useActingTenant } from '#src/components/TenantSelect';
import { fromParent, toParent } from '../role/tree';

const ParentField = lazyChunk(() => import('../role/ParentField'));

/**
 * The department screen's column model; `acting` is the tenant the platform administrator looks into
 * (list, parent tree, detail, edit, remove and new departments act there).
 */
export function deptOption(acting: string | undefined): CrudOption<Dept> {
  return {
    name: 'dept',
    // The user list shows department names.
    invalidates: ['user'],
    tree: true,
    permissions: { add: 'dept_add', edit: 'dept_edit', view: 'dept_view', delete: 'dept_delete' },
    dialogWidth: 720,
    columns: [
      {
        prop: 'deptName',
        label: 'system.dept.deptName',
        search: true,
        required: true,
        rules: [{ max: 45 }],
        width: 200,
      },
      {
        prop: 'fullName',
        label: 'system.dept.fullName',
        search: true,
        required: true,
        rules: [{ max: 45 }],
        width: 200,
      },
      {
        prop: 'parentId',
        label: 'system.dept.parentId',
        type: 'tree-select',
        dicQuery: deptTreeQuery(acting),
        hide: true,
        formComponent: ParentField,
      },
      {
        prop: 'deptCategory',
        label: 'system.dept.deptCategory',
        type: 'select',
        dictCode: 'org_category',
        required: true,
        width: 110,
      },
      { prop: 'sort', label: 'system.dept.sort', type: 'number', required: true, value: 1, width: 90 },
      {
        prop: 'remark',
        label: 'system.dept.remark',
        type: 'textarea',
        span: 24,
        rules: [{ max: 255 }],
        hide: true,
      },
    ],
    beforeOpen: async (mode, row, api) => {
      if (mode === 'add') return row ? { parentId: String(row.id) } : undefined;
      return row?.id ? fromParent(await api.detail(String(row.id))) : undefined;
    },
    beforeSubmit: (body, mode) => ({
      ...toParent(body),
      ...(mode === 'add' && acting ? { tenantId: acting } : {}),
    }),
    rowActions: [
      {
        key: 'child',
        code: 'dept_add',
        label: 'system.dept.addChild',
        icon: <PlusOutlined />,
        onClick: (row, ctx) => ctx.open('add', row),
      },
    ],
  };
}

/**
 * 部门管理 (/system/dept): the tenant's department tree (dept/list answers the forest at once; a tenant's
 * organisation stays small), add child, category from dictionary org_category. The platform administrator
 * picks the tenant.
 */
export default function DeptPage() {
  const { acting, picker } = useActingTenant();
  const option = useMemo(() => deptOption(acting), [acting]);
  const api = useMemo(() => deptApiFor(acting), [acting]);
  return <CrudPage option={option} api={api} searchExtra={picker} />;
}
