import { crudApi } from './crud';
import { http } from './http';
import type { TreeNode } from './org';
import type { Page, Query, R } from './types';

/** A data-scope rule on a menu's list (blade_scope_data; docs/decisions.md "Data scope"). */
export interface DataScope {
  id?: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeField?: string;
  scopeClass?: string;
  scopeColumn?: string;
  /** 1 all, 2 own, 3 own dept, 4 dept and children, 5 custom (dictionary data_scope_type). */
  scopeType: number;
  /** Type 5: comma list of literals and ${userId} ${deptId} ${roleId} ${tenantId} ${account}. */
  scopeValue?: string;
  remark?: string;
}

/** An API scope: requests under `scopePath` need the scope granted (docs/decisions.md "API scope"). */
export interface ApiScope {
  id?: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  /** 1 system API, 2 business API (dictionary api_scope_type). */
  scopeType: number;
  remark?: string;
}

/**
 * The scope lists filter exactly by default (menuId must match exactly); the name search is a
 * `scopeName_like` (contains).
 */
function scopeApi<T>(base: string) {
  return crudApi<T>(base, {
    async list({ scopeName, ...query }: Query) {
      const params = scopeName ? { ...query, scopeName_like: scopeName } : query;
      const { data } = await http.get<R<Page<T>>>(`${base}/list`, { params });
      return data.data;
    },
  });
}

export const dataScopeApi = scopeApi<DataScope>('/blade-system/data-scope');
export const apiScopeApi = scopeApi<ApiScope>('/blade-system/api-scope');

export interface RoleKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

/** What the roles hold: menus, data scopes and API scopes. */
export async function fetchRoleKeys(roleIds: string[]) {
  const { data } = await http.get<R<RoleKeys>>('/blade-system/menu/role-tree-keys', {
    params: { roleIds: roleIds.join(',') },
  });
  return data.data ?? { menu: [], dataScope: [], apiScope: [] };
}

/** Replaces the roles' grants (menus, data scopes and API scopes together). */
export async function grantRole(roleIds: string[], keys: RoleKeys) {
  const { data } = await http.post<R<boolean>>('/blade-system/role/grant', {
    roleIds,
    menuIds: keys.menu,
    dataScopeIds: keys.dataScope,
    apiScopeIds: keys.apiScope,
  });
  return data.msg;
}

/** The roles of a tenant (the platform administrator may name one) as a forest. */
export async function fetchRoleTree(tenantId?: string) {
  const { data } = await http.get<R<TreeNode[]>>('/blade-system/role/tree', {
    params: tenantId ? { tenantId } : undefined,
  });
  return data.data ?? [];
}
