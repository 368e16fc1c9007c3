import type { AxiosRequestConfig } from 'axios';
import { md5 } from 'js-md5';
import {
  getBladeAuthOauthCheckPassword,
  getBladeAuthOauthClearCache,
  getBladeAuthOauthLogout,
  getBladeSystemParamPasswordMode,
  getBladeSystemParamSysConfig,
  postBladeAuthOauthToken,
  postBladeUserRegisterGuest,
  type Registration,
} from './generated/client';

/** Narrows the session to one department and role (switch mode). */
export interface DeptRole {
  deptId?: string;
  roleId?: string;
}

/** Third-party sign-in: the provider redirected back with source, code and state. */
export function loginBySocial(params: { tenantId: string; source: string; code: string; state: string }) {
  return postBladeAuthOauthToken({ ...params, grant_type: 'social', scope: 'all' }, undefined, {
    headers: { 'Tenant-Id': params.tenantId },
    skipRefresh: true,
  });
}

export function refreshToken(refresh: string, tenantId: string, { deptId, roleId }: DeptRole) {
  return postBladeAuthOauthToken(
    { tenantId, refresh_token: refresh, grant_type: 'refresh_token', scope: 'all' },
    undefined,
    {
      headers: {
        'Tenant-Id': tenantId,
        ...(deptId && { 'Dept-Id': deptId }),
        ...(roleId && { 'Role-Id': roleId }),
      },
      skipRefresh: true,
    },
  );
}

export async function logout(config?: AxiosRequestConfig) {
  await getBladeAuthOauthLogout({ ...config, skipRefresh: true });
}

export async function clearServerCache() {
  await getBladeAuthOauthClearCache();
}

/** The lock screen unlocks with the account password, checked by the server (docs/decisions.md). */
export async function checkPassword(password: string) {
  const { data } = await getBladeAuthOauthCheckPassword({ password: md5(password) });
  return data === true;
}

export async function fetchSysConfig() {
  // Read in the background on every start: an unreachable server must not greet the user with a toast.
  const { data } = await getBladeSystemParamSysConfig({ silent: true });
  return data ?? {};
}

export async function fetchPasswordMode() {
  const { data } = await getBladeSystemParamPasswordMode();
  return data;
}

/** Third-party users apply for an account; an administrator approves it. */
export async function registerGuest(
  { password, password2, ...rest }: Registration,
  config?: AxiosRequestConfig,
) {
  const hashed = { password: md5(password ?? ''), password2: md5(password2 ?? '') };
  await postBladeUserRegisterGuest({ ...config, data: { ...rest, ...hashed } });
}

export type { Registration };
