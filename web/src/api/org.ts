import { http } from './http';
import type { R } from './types';

/** A node of the BladeX TreeNode forests (dept/tree, menu/tree, menu/grant-tree): ids travel as strings. */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNode[];
}

export interface TenantOption {
  id: string;
  tenantId: string;
  tenantName: string;
}

/** Tenants for dropdowns: all for the platform administrator, the own tenant for everyone else. */
export async function fetchTenantSelect() {
  const { data } = await http.get<R<TenantOption[]>>('/blade-system/tenant/select');
  return data.data ?? [];
}

/** The department forest of the caller's tenant (platform administrator: of `tenantId`). */
export async function fetchDeptTree(tenantId?: string) {
  const { data } = await http.get<R<TreeNode[]>>('/blade-system/dept/tree', {
    params: tenantId ? { tenantId } : undefined,
  });
  return data.data ?? [];
}

/** What the caller may grant: menus with their buttons, data scopes and API scopes. */
export async function fetchGrantTree() {
  const { data } = await http.get<R<{ menu: TreeNode[]; dataScope: TreeNode[]; apiScope: TreeNode[] }>>(
    '/blade-system/menu/grant-tree',
  );
  return data.data;
}
