import type { MenuNode } from '#src/api/types';
import type { SessionState } from '#src/app/stores/session';

/**
 * What the boot entry reads from local storage before the console is loaded: the same keys the console's
 * stores persist under (app/stores), which import them from here so there is one spelling of each.
 */

export const DEFAULT_TENANT = '000000';

export type Language = 'zh' | 'en';

/** Spec §9: the language is saved under the plain key `language`, default zh. */
export const LANGUAGE_KEY = 'language';

export function storedLanguage(): Language {
  return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'zh';
}

/** The session store's key (zustand persist: `{ state, version }`). */
export const SESSION_KEY = 'plantdesk-session';

interface StoredSession {
  token: string;
  tenantId: string;
  /** The last known captcha mode: the form asks for a captcha at once. */
  captchaMode: boolean;
  hasUser: boolean;
  locked: boolean;
  roleName: string;
  /** The last known menus: the shell's frame draws its sidebar from them. */
  menus: MenuNode[];
}

/** A persisted store's state, as far as it is there (a damaged entry reads as empty). */
function stored<T>(key: string): Partial<T> {
  try {
    return JSON.parse(localStorage.getItem(key) ?? '{}')?.state ?? {};
  } catch {
    return {};
  }
}

export function storedSession(): StoredSession {
  const state = stored<SessionState>(SESSION_KEY);
  return {
    token: state.token ?? '',
    tenantId: state.tenantId || DEFAULT_TENANT,
    captchaMode: Boolean(state.config?.captchaMode),
    hasUser: Boolean(state.user),
    locked: Boolean(state.locked),
    roleName: state.auth?.role_name ?? '',
    menus: Array.isArray(state.menus) ? state.menus : [],
  };
}

/** The settings store's key (zustand persist). */
export const SETTINGS_KEY = 'plantdesk-settings';

export function storedSettings(): { theme: string; collapsed: boolean } {
  const state = stored<{ theme: string; collapsed: boolean }>(SETTINGS_KEY);
  return { theme: state.theme ?? '', collapsed: Boolean(state.collapsed) };
}
