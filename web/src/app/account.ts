import type { AxiosRequestConfig } from 'axios';
import * as authApi from '#src/api/auth';
import { fetchButtons, fetchRoutes, fetchTenantMenuCodes, fetchTopMenus } from '#src/api/menu';
import { fetchLogos } from '#src/api/system';
import type { TokenResponse } from '#src/api/types';
import { fetchUserInfo } from '#src/api/user';
import { i18n } from '#src/i18n';
import { confirm } from './feedback';
import { flattenMenus, HEADER_BUTTON_CODES, permissionMap } from './menus';
import { navigateTo } from './navigation';
import { queryClient } from './queryClient';
import { DEFAULT_TENANT, isAdminRole, useSession } from './stores/session';
import { useTabs } from './stores/tabs';
import { parsePasswordMode, safetyPattern } from './validators';

/** Headers that act as `token` before it is stored (the login page's extra steps run on it). */
export function asToken(token: TokenResponse): AxiosRequestConfig {
  return { headers: { 'Blade-Auth': `bearer ${token.access_token}`, 'Tenant-Id': token.tenant_id } };
}

/**
 * Everything the shell needs about the signed-in user: info (with the licence warning), menus, the
 * permission map, top menus, the tenant's allowed menu codes and the logo list.
 */
export async function fetchAccount(token?: TokenResponse) {
  const config = token ? asToken(token) : {};
  const tenantId = token?.tenant_id ?? useSession.getState().tenantId;
  const [info, menus, buttons] = await Promise.all([
    fetchUserInfo(config),
    fetchRoutes(undefined, config),
    fetchButtons(config),
  ]);
  // Top menus, tenant codes and logos decorate the shell; a failure there must not block sign-in.
  const [topMenus, tenantMenuCodes, logos] = await Promise.all([
    fetchTopMenus(config).catch(() => []),
    tenantId === DEFAULT_TENANT ? [] : fetchTenantMenuCodes(config).catch(() => []),
    fetchLogos(tenantId, config).catch(() => []),
  ]);
  return {
    user: info.user,
    license: info.license,
    menus,
    topMenus,
    permissions: permissionMap(buttons),
    buttonMenus: flattenMenus(menus).filter((m) => HEADER_BUTTON_CODES.includes(m.code)),
    tenantMenuCodes,
    logos,
  };
}

/** Spec §4: store tokens, tenant and user info together, clear tags and lock. */
export async function completeSignIn(token: TokenResponse) {
  const account = await fetchAccount(token);
  useTabs.getState().reset();
  useSession.getState().signIn(token);
  useSession.getState().setAccount(account);
  navigateTo('/', { replace: true });
}

/** Reload menus and user info of the current session (layout start, department switch). */
export async function reloadAccount() {
  useSession.getState().setAccount(await fetchAccount());
}

export type PasswordPromptReason = 'reset' | 'rule' | 'period';

export interface PasswordPrompt {
  reason: PasswordPromptReason;
  message: string;
}

/**
 * Spec §4: for roles whose name does not contain admin, a reset flag, a password that breaks the
 * safety rule, or an expired password period forces a password change before sign-in completes.
 */
export function passwordPrompt(token: TokenResponse, plainPassword: string): PasswordPrompt | null {
  if (isAdminRole(token.role_name)) return null;
  const config = token.config ?? {};
  if (config.reset?.needRest) {
    return { reason: 'reset', message: config.reset.msg || i18n.t('login.promptReset') };
  }
  const rule = parsePasswordMode(config.passwordMode);
  if (rule && plainPassword && !safetyPattern(rule).test(plainPassword)) {
    return { reason: 'rule', message: i18n.t('login.promptRule') };
  }
  if (config.passwordPeriod?.expire) {
    return { reason: 'period', message: config.passwordPeriod.msg || i18n.t('login.promptPeriod') };
  }
  return null;
}

/** Logout asks first (spec §4), tells the server, then clears everything locally. */
export async function logout() {
  const ok = await confirm(i18n.t('logout.confirm'), { title: i18n.t('common.tip') });
  if (!ok) return;
  await authApi.logout().catch(() => undefined);
  federatedLogout();
}

/** Federated logout: tokens, menus, roles, tags, lock, storage and cookies go; preferences stay. */
export function federatedLogout() {
  useSession.getState().clear();
  useTabs.getState().reset();
  queryClient.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring each readable cookie needs the synchronous API.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  navigateTo('/login', { replace: true });
}
