import { md5 } from 'js-md5';
import { type CrudApi, crudApi } from './crud';
import { http } from './http';
import type { Page, R } from './types';

/** A user as /blade-user/page and /detail answer it (the password always comes back ""). */
export interface User {
  id?: string;
  tenantId?: string;
  account: string;
  password?: string;
  /** Confirmation of a new password; never sent. */
  password2?: string;
  name?: string;
  realName?: string;
  email?: string;
  phone?: string;
  birthday?: string;
  sex?: number | string;
  sexName?: string;
  roleId?: string;
  roleName?: string;
  deptId?: string;
  deptName?: string;
  postId?: string;
  postName?: string;
  userType?: number | string;
  status?: number;
  createTime?: string;
}

export interface PlatformUser extends User {
  userExt?: string;
}

const BASE = '/blade-user';

const ids = (list: string[]) => list.join(',');

/**
 * Users (spec §7 Users): the list is `page` (paged, filters account / realName / phone / deptId); the
 * platform administrator passes `tenantId` to act in another tenant. A new user's password travels as the
 * md5 hex of what was typed; an update never carries one.
 */
export function userApiFor(tenantId?: string): CrudApi<User> {
  return crudApi<User>(BASE, {
    async list(query) {
      const { data } = await http.get<R<Page<User>>>(`${BASE}/page`, { params: query });
      return data.data;
    },
    async detail(id) {
      const { data } = await http.get<R<User>>(`${BASE}/detail`, { params: { id, tenantId } });
      return data.data;
    },
    async submit(row) {
      const { password2: _, ...body } = row;
      if (row.id || !row.password) delete body.password;
      else body.password = md5(String(row.password));
      const { data } = await http.post<R<unknown>>(`${BASE}/submit`, body);
      return data.msg;
    },
    async remove(ids) {
      const { data } = await http.post<R<unknown>>(`${BASE}/remove`, null, {
        params: { ids: ids.join(','), tenantId },
      });
      return data.msg;
    },
  });
}

async function action(path: string, params: Record<string, string | undefined>) {
  const { data } = await http.post<R<unknown>>(`${BASE}/${path}`, null, { params });
  return data.msg;
}

/** Back to the initial password (account.initPassword); the user must set a new one at next sign-in. */
export const resetPassword = (userIds: string[], tenantId?: string) =>
  action('reset-password', { userIds: ids(userIds), tenantId });

export const grantRoles = (userIds: string[], roleIds: string[], tenantId?: string) =>
  action('grant', { userIds: ids(userIds), roleIds: ids(roleIds), tenantId });

export const lockUsers = (userIds: string[], tenantId?: string) =>
  action('lock', { userIds: ids(userIds), tenantId });

export const unlockUsers = (userIds: string[], tenantId?: string) =>
  action('unlock', { userIds: ids(userIds), tenantId });

export async function fetchPlatformUser(id: string, tenantId?: string) {
  const { data } = await http.get<R<PlatformUser>>(`${BASE}/platform-detail`, { params: { id, tenantId } });
  return data.data;
}

export const updatePlatform = (
  userId: string,
  userType: string | number,
  userExt: string,
  tenantId?: string,
) => action('update-platform', { userId, userType: String(userType), userExt, tenantId });

/** Import / export / template URLs (ExcelImport and ExportButton take them). */
export const USER_IMPORT_URL = `${BASE}/import-user`;
export const USER_TEMPLATE_URL = `${BASE}/export-template`;
export const USER_EXPORT_URL = `${BASE}/export-user`;
