import { FunctionOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { Suspense, useMemo, useRef, useState } from 'react';
import { roleTreeQuery } from '#src/api/org';
import { type Role, roleApiFor } from '#src/api/roleAdmin';
import { lazyChunk } from '#src/app/registry';
import { type CrudHandle, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { useActingTenant } from '#src/components/TenantSelect';
import { fromParent, toParent } from './tree';

const ParentField = lazyChunk(() => import('./ParentField'));
const GrantDialog = lazyChunk(() => import('./GrantDialog'));
const FunctionDialog = lazyChunk(() => import('./FunctionDialog'));

/** The role screen's column model; `acting` is the tenant the platform administrator looks into. */
export function roleOption(acting: string | undefined, open: (d: RoleDialog) => void): CrudOption<Role> {
  return {
    name: 'role',
    // The user list shows role names.
    invalidates: ['user'],
    tree: true,
    permissions: { add: 'role_add', edit: 'role_edit', view: 'role_view', delete: 'role_delete' },
    dialogWidth: 640,
    columns: [
      {
        prop: 'roleName',
        label: 'system.role.roleName',
        search: true,
        required: true,
        rules: [{ max: 255 }],
      },
      {
        prop: 'roleAlias',
        label: 'system.role.roleAlias',
        search: true,
        required: true,
        rules: [{ max: 255 }],
      },
      {
        prop: 'parentId',
        label: 'system.role.parentId',
        type: 'tree-select',
        dicQuery: roleTreeQuery(acting),
        hide: true,
        span: 24,
        formComponent: ParentField,
      },
      { prop: 'sort', label: 'system.role.sort', type: 'number', required: true, value: 1, width: 100 },
    ],
    // A child is added under the row; the root parent is 0 on the wire and empty in the form.
    beforeOpen: async (mode, row, api) => {
      if (mode === 'add') return row ? { parentId: String(row.id) } : undefined;
      return row?.id ? fromParent(await api.detail(String(row.id))) : undefined;
    },
    beforeSubmit: (body, mode) => ({
      ...toParent(body),
      ...(mode === 'add' && acting ? { tenantId: acting } : {}),
    }),
    toolbar: [
      {
        key: 'grant',
        code: 'role_grant',
        label: 'system.role.grant',
        icon: <SafetyOutlined />,
        batch: true,
        onClick: (rows) => open({ kind: 'grant', roles: rows }),
      },
    ],
    rowActions: [
      {
        key: 'child',
        code: 'role_add',
        label: 'system.role.addChild',
        icon: <PlusOutlined />,
        onClick: (row, ctx) => ctx.open('add', row),
      },
      {
        key: 'functions',
        code: 'role_grant',
        label: 'system.role.functions',
        icon: <FunctionOutlined />,
        onClick: (row) => open({ kind: 'functions', roles: [row] }),
      },
    ],
    actionWidth: 360,
  };
}

export interface RoleDialog {
  kind: 'grant' | 'functions';
  roles: Role[];
}

/**
 * 角色管理 (/system/role): the role tree with add child; the grant dialog (menus, data scopes, API scopes)
 * and function permissions. The platform administrator picks the tenant whose roles are shown.
 */
export default function RolePage() {
  const { acting, picker } = useActingTenant();
  const [dialog, setDialog] = useState<RoleDialog | null>(null);
  const handle = useRef<CrudHandle>(null);
  const option = useMemo(() => roleOption(acting, setDialog), [acting]);
  const api = useMemo(() => roleApiFor(acting), [acting]);
  return (
    <>
      <CrudPage ref={handle} option={option} api={api} searchExtra={picker} />
      <Suspense>
        {dialog?.kind === 'grant' && (
          <GrantDialog
            roles={dialog.roles}
            onClose={() => setDialog(null)}
            onSaved={() => {
              setDialog(null);
              void handle.current?.refresh();
            }}
          />
        )}
        {dialog?.kind === 'functions' && (
          <FunctionDialog role={dialog.roles[0]} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
}
