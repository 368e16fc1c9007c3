import { acting } from './crud';
import {
  type TreeNode as GeneratedTreeNode,
  getBladeSystemDeptTree,
  getBladeSystemMenuGrantTree,
  getBladeSystemMenuTree,
  getBladeSystemPostSelect,
  getBladeSystemRoleTree,
  getBladeSystemTenantPackageSelect,
  getBladeSystemTenantSelect,
  type TenantSelect,
} from './generated/client';
import { systemKeys } from './system';

/** A node of the BladeX TreeNode forests (dept/tree, menu/tree, menu/grant-tree): ids travel as strings. */
export type TreeNode = GeneratedTreeNode;

export type TenantOption = TenantSelect;

/** Tenants for dropdowns: all for the platform administrator, the own tenant for everyone else. */
export async function fetchTenantSelect() {
  return (await getBladeSystemTenantSelect()).data ?? [];
}

/** The department forest of the caller's tenant (platform administrator: of `tenantId`). */
export async function fetchDeptTree(tenantId?: string) {
  return (await getBladeSystemDeptTree(acting(tenantId))).data ?? [];
}

/** The role forest of the caller's tenant (platform administrator: of `tenantId`). */
export async function fetchRoleTree(tenantId?: string) {
  return (await getBladeSystemRoleTree(acting(tenantId))).data ?? [];
}

/** The posts of the caller's tenant (platform administrator: of `tenantId`). */
export async function fetchPostSelect(tenantId?: string) {
  return (await getBladeSystemPostSelect(acting(tenantId))).data ?? [];
}

/** What the caller may grant: menus with their buttons, data scopes and API scopes. */
export async function fetchGrantTree() {
  const { data } = await getBladeSystemMenuGrantTree();
  return { menu: data?.menu ?? [], dataScope: data?.dataScope ?? [], apiScope: data?.apiScope ?? [] };
}

/**
 * Option sources of CrudPage columns (`dicQuery`) and pickers: React Query options whose key names the
 * endpoint and its arguments, so every screen asking the same shares one cache entry.
 */
export const tenantSelectQuery = { queryKey: systemKeys.of('tenant/select'), queryFn: fetchTenantSelect };

export const packageSelectQuery = {
  queryKey: systemKeys.of('tenant-package/select'),
  queryFn: async () => (await getBladeSystemTenantPackageSelect()).data ?? [],
};

export const menuTreeQuery = {
  queryKey: systemKeys.of('menu/tree'),
  queryFn: async () => (await getBladeSystemMenuTree()).data ?? [],
};

export const deptTreeQuery = (tenantId?: string) => ({
  queryKey: systemKeys.of('dept/tree', tenantId ?? ''),
  queryFn: () => fetchDeptTree(tenantId),
});

export const roleTreeQuery = (tenantId?: string) => ({
  queryKey: systemKeys.of('role/tree', tenantId ?? ''),
  queryFn: () => fetchRoleTree(tenantId),
});

export const postSelectQuery = (tenantId?: string) => ({
  queryKey: systemKeys.of('post/select', tenantId ?? ''),
  queryFn: () => fetchPostSelect(tenantId),
});
