import type { ButtonNode } from '#src/api/generated/client';
import type { MenuNode } from '#src/api/types';
import type { SiteLinks } from './siteLinks';
import type { Language } from './stores/settings';

/** Menu codes whose pages are built into the console even when their path looks external (spec §2). */
export const BUILT_IN_CODES = [
  'knowledge',
  'reportlist',
  'importExportManagement',
  'warnManagement',
  'warnIndicators',
  'batchMonitor',
  'flowMonitor',
  'aiChat',
];

/** Special codes: not sidebar entries but header buttons opening the large screen / data centre. */
export const HEADER_BUTTON_CODES = ['largepage', 'datacenter'];

/** Large-screen pages run chrome-less, outside the tab layout (spec §2). */
export const LARGE_SCREEN_PATHS = ['/part', '/wisdomView', '/cockpit'];

/** The production monitors hang on the control-room wall like the large screens (issue 25: full-screen). */
const MONITOR_PATHS = ['/index/batchMonitor', '/index/flowMonitor'];

/** Views rendered full-page, outside the layout: the large screens and the monitors (a frame route keeps the console). */
export const isBareView = (path: string) => LARGE_SCREEN_PATHS.includes(path) || MONITOR_PATHS.includes(path);

export type MenuTarget =
  | { kind: 'route'; to: string }
  | { kind: 'window'; url: string }
  | { kind: 'embed'; to: string };

/** Spec §6: shown when isShow is not 0 and the current role is allowed by meta roles. */
export function isVisible(menu: MenuNode, roleName: string | undefined): boolean {
  if (menu.isShow === 0) return false;
  const roles = menu.meta?.roles;
  return !roles?.length || roles.includes(roleName ?? '');
}

/** The sidebar tree: visible menus only, special-code buttons removed. */
export function sidebarMenus(menus: MenuNode[], roleName: string | undefined): MenuNode[] {
  return menus
    .filter((m) => isVisible(m, roleName) && !HEADER_BUTTON_CODES.includes(m.code))
    .map((m) => (m.children?.length ? { ...m, children: sidebarMenus(m.children, roleName) } : m));
}

export function isExternalUrl(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

function isLargeScreenPath(path: string): boolean {
  if (path.includes('platform=large')) return true;
  const pathname = isExternalUrl(path) ? new URL(path).pathname : path.split('?')[0];
  return LARGE_SCREEN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** What clicking a menu item does (spec §2 "Sidebar"). */
export function menuTarget(menu: MenuNode, links: SiteLinks): MenuTarget {
  const { path, code } = menu;
  if (code === 'largepage') return { kind: 'window', url: links.largeScreen || path };
  if (code === 'datacenter') return { kind: 'window', url: links.dataCentre || path };
  if (menu.isOpen === 2 && isExternalUrl(path)) return { kind: 'window', url: path };
  if (BUILT_IN_CODES.includes(code)) return { kind: 'route', to: path };
  if (isLargeScreenPath(path))
    return isExternalUrl(path) ? { kind: 'window', url: path } : { kind: 'route', to: path };
  if (isExternalUrl(path) || path.includes('.html')) {
    const query = new URLSearchParams({ src: path, name: menu.name });
    return { kind: 'embed', to: `/myiframe/${encodeURIComponent(code)}?${query}` };
  }
  return { kind: 'route', to: path };
}

export function flattenMenus<T extends { children?: T[] }>(menus: T[]): T[] {
  return menus.flatMap((m) => [m, ...flattenMenus(m.children ?? [])]);
}

export function findMenuByPath(menus: MenuNode[], path: string): MenuNode | undefined {
  return flattenMenus(menus).find((m) => m.path === path);
}

/** A menu's label in the console language: the English name when there is one. */
export function menuLabel(menu: { name: string; nameEn?: string }, language: Language): string {
  return language === 'en' && menu.nameEn ? menu.nameEn : menu.name;
}

/** Menu search: leaf menus whose label starts with the query, ignoring case (spec §2). */
export function searchMenus(menus: MenuNode[], query: string, language: Language): MenuNode[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return flattenMenus(menus).filter(
    (m) => !m.children?.length && menuLabel(m, language).toLowerCase().startsWith(needle),
  );
}

/** Leaf codes of the /menu/buttons tree (and the menus that own them) form the permission map. */
export function permissionMap(buttons: ButtonNode[]): Record<string, boolean> {
  return Object.fromEntries(flattenMenus(buttons).map((m) => [m.code, true]));
}
