import { withoutTableState } from '#src/components/CrudPage/tableState';
import { findMenuByPath, LARGE_SCREEN_PATHS } from './menus';
import { DEFAULT_TENANT, type License, type SessionState } from './stores/session';
import type { Tab } from './stores/tabs';

/** Static facts a route declares in its `handle` (spec §2 "Route guard"). */
export interface RouteMeta {
  /** false: opens without login. */
  isAuth?: boolean;
  /** false: the page gets no tab. */
  isTab?: boolean;
  /** i18n key of the tab label / page title for static pages. */
  labelKey?: string;
  /** Large-screen pages have a blank title. */
  blankTitle?: boolean;
}

export interface GuardInput {
  path: string;
  query: URLSearchParams;
  meta: RouteMeta;
  token: string;
  /** Stored login data (user info) is present. */
  hasUser: boolean;
  locked: boolean;
  tenantId: string;
  tenantMenuCodes: string[];
  /** Code of the server menu this path belongs to, if any. */
  menuCode?: string;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; clearSession?: boolean }
  | { kind: 'window'; url: string };

/** Every guard rule of spec §2, in order. Pure: the router applies the decision. */
export function decideRoute(input: GuardInput): GuardDecision {
  const { path, query, meta, token } = input;
  if (!token) return meta.isAuth === false ? allow : { kind: 'redirect', to: '/login' };
  if (input.locked && path !== '/lock') return { kind: 'redirect', to: '/lock' };
  if (path === '/login') return { kind: 'redirect', to: '/' };
  if (path === '/part' && !input.hasUser) return allow;
  if (!input.hasUser) return { kind: 'redirect', to: '/login', clearSession: true };
  if (
    input.menuCode &&
    input.tenantId !== DEFAULT_TENANT &&
    !input.tenantMenuCodes.includes(input.menuCode)
  ) {
    return { kind: 'redirect', to: '/403' };
  }
  const target = query.get('target');
  if (target) {
    const rest = new URLSearchParams(query);
    rest.delete('target');
    const search = rest.toString();
    return { kind: 'window', url: `${path}${search ? `?${search}` : ''}` };
  }
  return allow;
}

const allow: GuardDecision = { kind: 'allow' };

/** A large screen or monitor opens without a tab, a large screen with a blank title (spec §2). */
export const bareViewMeta = (path: string): RouteMeta => ({
  isTab: false,
  blankTitle: LARGE_SCREEN_PATHS.includes(path),
});

/** Spec §2: the page's title: the tab label, the route title with platform=large, blank for a large screen.
 * `routeTitle` is the menu's name in the user's language, else the route's own label. */
export function pageTitle(
  meta: RouteMeta,
  query: URLSearchParams,
  routeTitle: string,
  t: (key: string) => string,
) {
  if (meta.blankTitle) return '';
  if (query.get('platform') === 'large') return routeTitle;
  const i18nKey = query.get('i18n');
  return query.get('name') || (i18nKey ? t(i18nKey) : routeTitle);
}

/** The guard's input for a location from the stored session. */
export function guardInput(
  session: Pick<SessionState, 'token' | 'user' | 'locked' | 'tenantId' | 'tenantMenuCodes' | 'menus'>,
  path: string,
  query: URLSearchParams,
  meta: RouteMeta,
): GuardInput {
  return {
    path,
    query,
    meta,
    token: session.token,
    hasUser: Boolean(session.user),
    locked: session.locked,
    tenantId: session.tenantId,
    tenantMenuCodes: session.tenantMenuCodes,
    menuCode: findMenuByPath(session.menus, path)?.code,
  };
}

/**
 * The tab a location opens, or null for pages without tabs (spec §2). A fixed label comes only from
 * query `name`; menu pages are labelled from the menus at render time, so they follow the language.
 */
export function tabFor(path: string, query: URLSearchParams, meta: RouteMeta): Tab | null {
  if (meta.isTab === false) return null;
  // A table's state (page, filters, sort: CrudPage `urlState`) is not another tab; the tab remembers it.
  const search = withoutTableState(query).toString();
  const full = query.toString();
  const label = query.get('name');
  const labelKey = query.get('i18n') || meta.labelKey;
  return {
    key: search ? `${path}?${search}` : path,
    path,
    ...(full !== search ? { url: `${path}?${full}` } : {}),
    ...(label ? { label } : {}),
    ...(!label && labelKey ? { labelKey } : {}),
  };
}

/** The persistent warning on the home page while the licence is expiring (code 601). */
export function licenseWarning(path: string, license: License | null): string | null {
  return path === '/wel/index' && license?.code === 601 ? license.msg : null;
}
