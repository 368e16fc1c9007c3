import type { AxiosRequestConfig } from 'axios';
import { md5 } from 'js-md5';
import {
  getBladeAuthOauthCaptcha,
  getBladeAuthOauthCheckPassword,
  getBladeAuthOauthClearCache,
  getBladeAuthOauthLogout,
  getBladeSystemParamPasswordMode,
  getBladeSystemParamSysConfig,
  getBladeSystemTenantInfo,
  postBladeAuthOauthToken,
  postBladeUserRegisterGuest,
  type Registration,
} from './generated/client';

export interface Captcha {
  key: string;
  code: string;
}

export interface PasswordLogin {
  tenantId: string;
  username: string;
  /** Plain text; only its md5 hex leaves the browser (spec §3). */
  password: string;
  captcha?: Captcha;
}

/** Narrows the session to one department and role (switch mode). */
export interface DeptRole {
  deptId?: string;
  roleId?: string;
}

export function loginByPassword({ tenantId, username, password, captcha }: PasswordLogin) {
  return postBladeAuthOauthToken(
    {
      tenantId,
      username,
      password: md5(password),
      grant_type: captcha ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    undefined,
    {
      headers: {
        'Tenant-Id': tenantId,
        ...(captcha && { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code }),
      },
      skipRefresh: true,
    },
  );
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

export function fetchCaptcha() {
  return getBladeAuthOauthCaptcha();
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

/** The tenant that owns this site's domain, if any: the login form then hides the tenant field. */
export async function fetchTenantByDomain(domain: string) {
  const { data } = await getBladeSystemTenantInfo({ domain });
  return data?.tenantId ?? '';
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
