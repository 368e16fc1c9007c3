import { type CrudApi, crudApi } from './crud';
import { http } from './http';
import type { TreeNode } from './org';
import type { R } from './types';

/** A role as role/list (a forest) and role/detail answer it. */
export interface Role {
  id?: string;
  tenantId?: string;
  parentId?: string;
  parentName?: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  status?: number;
  hasChildren?: boolean;
  children?: Role[];
}

export interface RoleFunction {
  id: string;
  roleId: string;
  functionCode: string;
  functionName?: string;
  enabled: number;
}

export interface GrantTree {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}

export type GrantKeys = { menu: string[]; dataScope: string[]; apiScope: string[] };

const BASE = '/blade-system/role';

/** Roles: list answers the whole forest (filters roleName, roleAlias), in the acting tenant. */
export const roleApiFor = (tenantId?: string): CrudApi<Role> => crudApi<Role>(BASE, {}, tenantId);

/** What the caller may grant: menus with buttons, data scopes, API scopes. */
export async function fetchRoleGrantTree() {
  const { data } = await http.get<R<GrantTree>>('/blade-system/menu/grant-tree');
  return data.data;
}

/** The ids granted to the roles (of `tenantId`, the roles' tenant). */
export async function fetchRoleTreeKeys(roleIds: string[], tenantId?: string) {
  const { data } = await http.get<R<GrantKeys>>('/blade-system/menu/role-tree-keys', {
    params: { roleIds: roleIds.join(','), tenantId },
  });
  return data.data;
}

/** Replaces the roles' menus, data scopes and API scopes. */
export async function grantRole(roleIds: string[], keys: GrantKeys, tenantId?: string) {
  const body = { roleIds, menuIds: keys.menu, dataScopeIds: keys.dataScope, apiScopeIds: keys.apiScope };
  const { data } = await http.post<R<unknown>>(`${BASE}/grant`, body, { params: { tenantId } });
  return data.msg;
}

/** Function permissions of a role (/api/system/function). */
export async function fetchRoleFunctions(roleId: string, tenantId?: string) {
  const { data } = await http.get<R<RoleFunction[]>>('/system/function/selectFunctionByRoleId', {
    params: { roleId, tenantId },
  });
  return data.data ?? [];
}

export async function addRoleFunction(
  body: { roleId: string; functionCode: string; functionName?: string; enabled?: number },
  tenantId?: string,
) {
  const { data } = await http.post<R<RoleFunction>>('/system/function/addFunction', body, {
    params: { tenantId },
  });
  return data.data;
}

export async function updateRoleFunction(
  body: { id: string; functionName?: string; enabled?: number },
  tenantId?: string,
) {
  const { data } = await http.post<R<RoleFunction>>('/system/function/updateFunction', body, {
    params: { tenantId },
  });
  return data.data;
}
