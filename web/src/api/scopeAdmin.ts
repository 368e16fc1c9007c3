import { acting, type CrudEndpoints, crudApi } from './crud';
import {
  getBladeSystemApiScopeDetail,
  getBladeSystemApiScopeList,
  getBladeSystemDataScopeDetail,
  getBladeSystemDataScopeList,
  getBladeSystemMenuRoleTreeKeys,
  postBladeSystemApiScopeRemove,
  postBladeSystemApiScopeSubmit,
  postBladeSystemDataScopeRemove,
  postBladeSystemDataScopeSubmit,
  postBladeSystemRoleGrant,
  type ScopeApiRead,
  type ScopeDataRead,
} from './generated/client';
import type { Query } from './types';

export { fetchRoleTree } from './org';

/** A data-scope rule on a menu's list (blade_scope_data; docs/decisions.md "Data scope"). */
export type DataScope = ScopeDataRead;

/** An API scope: requests under `scopePath` need the scope granted (docs/decisions.md "API scope"). */
export type ApiScope = ScopeApiRead;

/**
 * The scope lists filter exactly by default (menuId must match exactly); the name search is a
 * `scopeName_like` (contains).
 */
function scopeApi<T>(endpoints: CrudEndpoints<T>) {
  return crudApi(endpoints, {
    async list({ scopeName, ...query }: Query) {
      const params = scopeName ? { ...query, scopeName_like: scopeName } : query;
      return (await endpoints.list(params as never)).data ?? [];
    },
  });
}

export const dataScopeApi = scopeApi({
  list: getBladeSystemDataScopeList,
  detail: getBladeSystemDataScopeDetail,
  submit: postBladeSystemDataScopeSubmit,
  remove: postBladeSystemDataScopeRemove,
});

export const apiScopeApi = scopeApi({
  list: getBladeSystemApiScopeList,
  detail: getBladeSystemApiScopeDetail,
  submit: postBladeSystemApiScopeSubmit,
  remove: postBladeSystemApiScopeRemove,
});

export interface RoleKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

/** What the roles hold: menus, data scopes and API scopes. */
export async function fetchRoleKeys(roleIds: string[], tenantId?: string): Promise<RoleKeys> {
  const { data } = await getBladeSystemMenuRoleTreeKeys({ roleIds: roleIds.join(',') }, acting(tenantId));
  return { menu: data?.menu ?? [], dataScope: data?.dataScope ?? [], apiScope: data?.apiScope ?? [] };
}

/** Replaces the roles' grants (menus, data scopes and API scopes together). */
export async function grantRole(roleIds: string[], keys: RoleKeys, tenantId?: string) {
  const { msg } = await postBladeSystemRoleGrant(
    { roleIds, menuIds: keys.menu, dataScopeIds: keys.dataScope, apiScopeIds: keys.apiScope },
    acting(tenantId),
  );
  return msg;
}
