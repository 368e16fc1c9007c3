import { md5 } from 'js-md5';
import { acting, type CrudApi, crudApi } from './crud';
import {
  getBladeUserDetail,
  getBladeUserPage,
  getBladeUserPlatformDetail,
  postBladeUserGrant,
  postBladeUserLock,
  postBladeUserRemove,
  postBladeUserResetPassword,
  postBladeUserSubmit,
  postBladeUserUnlock,
  postBladeUserUpdatePlatform,
  type UserRead,
  type UserWrite,
} from './generated/client';

/** A user as /blade-user/page and /detail answer it (the password always comes back ""). */
export type User = UserRead & {
  /** Confirmation of a new password: a dialog field, never sent. */
  password2?: string;
};

const ids = (list: string[]) => list.join(',');

/**
 * Users (spec §7 Users): the list is `page` (paged, filters account / realName / phone / deptId); the
 * platform administrator passes `tenantId` to act in another tenant. A new user's password travels as the
 * md5 hex of what was typed; an update never carries one.
 */
export function userApiFor(tenantId?: string): CrudApi<User> {
  const endpoints = {
    list: getBladeUserPage,
    detail: getBladeUserDetail,
    submit: postBladeUserSubmit,
    remove: postBladeUserRemove,
  };
  return crudApi<User>(
    endpoints,
    {
      async submit(row) {
        const { password2: _, ...body } = row;
        if (row.id || !row.password) delete body.password;
        else body.password = md5(String(row.password));
        return (await postBladeUserSubmit(body as UserWrite, acting(tenantId))).msg;
      },
    },
    tenantId,
  );
}

/** Back to the initial password (account.initPassword); the user must set a new one at next sign-in. */
export async function resetPassword(userIds: string[], tenantId?: string) {
  return (await postBladeUserResetPassword(acting(tenantId, { userIds: ids(userIds) }))).msg;
}

export async function grantRoles(userIds: string[], roleIds: string[], tenantId?: string) {
  return (await postBladeUserGrant(acting(tenantId, { userIds: ids(userIds), roleIds: ids(roleIds) }))).msg;
}

export async function lockUsers(userIds: string[], tenantId?: string) {
  return (await postBladeUserLock(acting(tenantId, { userIds: ids(userIds) }))).msg;
}

export async function unlockUsers(userIds: string[], tenantId?: string) {
  return (await postBladeUserUnlock(acting(tenantId, { userIds: ids(userIds) }))).msg;
}

export async function fetchPlatformUser(id: string, tenantId?: string) {
  return (await getBladeUserPlatformDetail({ id }, acting(tenantId))).data;
}

export async function updatePlatform(
  userId: string,
  userType: string | number,
  userExt: string,
  tenantId?: string,
) {
  const params = { userId, userType: String(userType), userExt };
  return (await postBladeUserUpdatePlatform(acting(tenantId, params))).msg;
}

/** Import / export / template URLs (ExcelImport and ExportButton take them): file bodies, not envelopes. */
export const USER_IMPORT_URL = '/blade-user/import-user';
export const USER_TEMPLATE_URL = '/blade-user/export-template';
export const USER_EXPORT_URL = '/blade-user/export-user';
