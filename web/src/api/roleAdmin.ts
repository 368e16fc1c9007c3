import { type CrudApi, crudApi } from './crud';
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

/** Roles: list answers the whole forest (filters roleName, roleAlias; `tenantId` for the platform). */
export const roleApi: CrudApi<Role> = crudApi({
  list: getBladeSystemRoleList,
  detail: getBladeSystemRoleDetail,
  submit: postBladeSystemRoleSubmit,
  remove: postBladeSystemRoleRemove,
});

/** What the caller may grant: menus with buttons, data scopes, API scopes. */
export const fetchRoleGrantTree = fetchGrantTree;

/** The ids granted to the roles. */
export const fetchRoleTreeKeys = fetchRoleKeys;

/** Replaces the roles' menus, data scopes and API scopes. */
export const grantRole = grantRoleKeys;

/** Function permissions of a role (/api/system/function). */
export async function fetchRoleFunctions(roleId: string) {
  // Query ids are integers in the schema but travel as strings (64-bit snowflakes).
  return (await getSystemFunctionSelectFunctionByRoleId({ roleId } as never)).data ?? [];
}

export async function addRoleFunction(body: FunctionWrite) {
  return (await postSystemFunctionAddFunction(body)).data;
}

export async function updateRoleFunction(body: FunctionWrite) {
  return (await postSystemFunctionUpdateFunction(body)).data;
}
