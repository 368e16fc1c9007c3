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

/** Roles: list answers the whole forest (filters roleName, roleAlias; `tenantId` for the platform). */
export const roleApi: CrudApi<Role> = crudApi<Role>(BASE);

/** What the caller may grant: menus with buttons, data scopes, API scopes. */
export async function fetchRoleGrantTree() {
  const { data } = await http.get<R<GrantTree>>('/blade-system/menu/grant-tree');
  return data.data;
}

/** The ids granted to the roles. */
export async function fetchRoleTreeKeys(roleIds: string[]) {
  const { data } = await http.get<R<GrantKeys>>('/blade-system/menu/role-tree-keys', {
    params: { roleIds: roleIds.join(',') },
  });
  return data.data;
}

/** Replaces the roles' menus, data scopes and API scopes. */
export async function grantRole(roleIds: string[], keys: GrantKeys) {
  const { data } = await http.post<R<unknown>>(`${BASE}/grant`, {
    roleIds,
    menuIds: keys.menu,
    dataScopeIds: keys.dataScope,
    apiScopeIds: keys.apiScope,
  });
  return data.msg;
}

/** Function permissions of a role (/api/system/function). */
export async function fetchRoleFunctions(roleId: string) {
  const { data } = await http.get<R<RoleFunction[]>>('/system/function/selectFunctionByRoleId', {
    params: { roleId },
  });
  return data.data ?? [];
}

export async function addRoleFunction(body: {
  roleId: string;
  functionCode: string;
  functionName?: string;
  enabled?: number;
}) {
  const { data } = await http.post<R<RoleFunction>>('/system/function/addFunction', body);
  return data.data;
}

export async function updateRoleFunction(body: { id: string; functionName?: string; enabled?: number }) {
  const { data } = await http.post<R<RoleFunction>>('/system/function/updateFunction', body);
  return data.data;
}
