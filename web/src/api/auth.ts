import type { AxiosRequestConfig } from 'axios';
import { md5 } from 'js-md5';
import { http } from './http';
import type { PasswordMode, R, SysConfig, TokenResponse } from './types';

const TOKEN_URL = '/blade-auth/oauth/token';

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

export async function loginByPassword({ tenantId, username, password, captcha }: PasswordLogin) {
  const { data } = await http.post<TokenResponse>(TOKEN_URL, null, {
    params: {
      tenantId,
      username,
      password: md5(password),
      grant_type: captcha ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    headers: {
      'Tenant-Id': tenantId,
      ...(captcha && { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code }),
    },
    skipRefresh: true,
  });
  return data;
}

/** Third-party sign-in: the provider redirected back with source, code and state. */
export async function loginBySocial(params: {
  tenantId: string;
  source: string;
  code: string;
  state: string;
}) {
  const { data } = await http.post<TokenResponse>(TOKEN_URL, null, {
    params: { ...params, grant_type: 'social', scope: 'all' },
    headers: { 'Tenant-Id': params.tenantId },
    skipRefresh: true,
  });
  return data;
}

export async function refreshToken(refresh: string, tenantId: string, { deptId, roleId }: DeptRole) {
  const { data } = await http.post<TokenResponse>(TOKEN_URL, null, {
    params: { tenantId, refresh_token: refresh, grant_type: 'refresh_token', scope: 'all' },
    headers: {
      'Tenant-Id': tenantId,
      ...(deptId && { 'Dept-Id': deptId }),
      ...(roleId && { 'Role-Id': roleId }),
    },
    skipRefresh: true,
  });
  return data;
}

export async function fetchCaptcha() {
  const { data } = await http.get<{ key: string; image: string }>('/blade-auth/oauth/captcha');
  return data;
}

export async function logout(config?: AxiosRequestConfig) {
  await http.get('/blade-auth/oauth/logout', { ...config, skipRefresh: true });
}

export async function clearServerCache() {
  await http.get('/blade-auth/oauth/clear-cache');
}

/** The lock screen unlocks with the account password, checked by the server (docs/decisions.md). */
export async function checkPassword(password: string) {
  const { data } = await http.get<R<boolean>>('/blade-auth/oauth/checkPassword', {
    params: { password: md5(password) },
  });
  return data.data === true;
}

export async function fetchSysConfig() {
  // Read in the background on every start: an unreachable server must not greet the user with a toast.
  const { data } = await http.get<R<SysConfig>>('/blade-system/param/sys/config', { silent: true });
  return data.data;
}

/** The tenant that owns this site's domain, if any: the login form then hides the tenant field. */
export async function fetchTenantByDomain(domain: string) {
  const { data } = await http.get<R<{ tenantId?: string }>>('/blade-system/tenant/info', {
    params: { domain },
  });
  return data.data?.tenantId ?? '';
}

export async function fetchPasswordMode() {
  const { data } = await http.get<R<PasswordMode>>('/blade-system/param/password/mode');
  return data.data;
}

export interface Registration {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
  oauthId?: string;
}

/** Third-party users apply for an account; an administrator approves it. */
export async function registerGuest(
  { password, password2, ...rest }: Registration,
  config?: AxiosRequestConfig,
) {
  const body = { ...rest, password: md5(password), password2: md5(password2) };
  await http.post<R<unknown>>('/blade-user/register-guest', body, config);
}
