import { acting, type CrudApi, crudApi } from './crud';
import {
  type FunctionRead,
  type FunctionWrite,
  getBladeSystemRoleDetail,
  getBladeSystemRoleList,
  getSystemFunctionSelectFunctionByRoleId,
  postBladeSystemRoleRemove,
  postBladeSystemRoleSubmit,
  postSystemFunctionAddFunction,
  postSystemFunctionUpdateFunction,
  type RoleRead,
} from './generated/client';
import { fetchGrantTree } from './org';
import { fetchRoleKeys, grantRole as grantRoleKeys, type RoleKeys } from './scopeAdmin';

/** A role as role/list (a forest) and role/detail answer it. */
export type Role = RoleRead;

export type RoleFunction = FunctionRead;

export type GrantTree = Awaited<ReturnType<typeof fetchGrantTree>>;

export type GrantKeys = RoleKeys;

/** Roles: list answers the whole forest (filters roleName, roleAlias), in the acting tenant. */
export const roleApiFor = (tenantId?: string): CrudApi<Role> =>
  crudApi<Role>(
    {
      list: getBladeSystemRoleList,
      detail: getBladeSystemRoleDetail,
      submit: postBladeSystemRoleSubmit,
      remove: postBladeSystemRoleRemove,
    },
    {},
    tenantId,
  );

/** What the caller may grant: menus with buttons, data scopes, API scopes. */
export const fetchRoleGrantTree = fetchGrantTree;

/** The ids granted to the roles (of `tenantId`, the roles' tenant). */
export const fetchRoleTreeKeys = fetchRoleKeys;

/** Replaces the roles' menus, data scopes and API scopes. */
export const grantRole = grantRoleKeys;

/** Function permissions of a role (/api/system/function), in the role's tenant. */
export async function fetchRoleFunctions(roleId: string, tenantId?: string) {
  // Query ids are integers in the schema but travel as strings (64-bit snowflakes).
  return (await getSystemFunctionSelectFunctionByRoleId({ roleId } as never, acting(tenantId))).data ?? [];
}

export async function addRoleFunction(body: FunctionWrite, tenantId?: string) {
  return (await postSystemFunctionAddFunction(body, acting(tenantId))).data;
}

export async function updateRoleFunction(body: FunctionWrite, tenantId?: string) {
  return (await postSystemFunctionUpdateFunction(body, acting(tenantId))).data;
}
