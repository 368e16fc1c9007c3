import { type CrudApi, crudApi } from './crud';
import { http } from './http';
import type { TreeNode } from './org';
import type { Query, R } from './types';

/** Menu types of blade_menu: the system console, PC, mobile app and third-party grant trees. */
export type MenuType = 'sys' | 'pc' | 'app' | 'tpy';

/** A row of the menu admin tree (menu/lazy-list, menu/list, menu/detail). */
export interface MenuRow {
  id?: string;
  parentId?: string;
  code: string;
  name: string;
  nameEn?: string;
  alias?: string;
  path?: string;
  source?: string;
  sort: number;
  /** 1 menu, 2 button (dictionary menu_category). */
  category: number;
  /** 0 none, 1 toolbar, 2 row, 3 both (dictionary button_func). */
  action?: number;
  /** 1 same window, 2 new window (dictionary menu_open). */
  isOpen?: number;
  isShow?: number;
  menuType: MenuType;
  remark?: string;
  parentName?: string;
  hasChildren?: boolean;
  children?: MenuRow[];
}

export interface TopMenuRow {
  id?: string;
  code: string;
  name: string;
  source?: string;
  path?: string;
  sort: number;
}

const MENU = '/blade-system/menu';

/** One level of the tree below `parentId` (0 = roots), of one menu type or of every type. */
export async function fetchMenuLevel(parentId: string, type?: MenuType) {
  const { data } = await http.get<R<MenuRow[]>>(type ? `${MENU}/lazy-listByType` : `${MENU}/lazy-list`, {
    params: type ? { parentId, type } : { parentId },
  });
  return data.data ?? [];
}

/** A forest as a flat list in tree order, without `children`. */
export function flattenMenus(rows: MenuRow[]): MenuRow[] {
  return rows.flatMap(({ children, ...row }) => [row, ...flattenMenus(children ?? [])]);
}

/**
 * The menu admin API of one screen: without filters the list is the first level (children load on
 * expand, `lazy-list` / `lazy-listByType`); a code or name search lists every match as a flat list
 * (`menu/list`, narrowed to the screen's type), so no match hides in a collapsed row.
 */
export function menuApi(type?: MenuType): CrudApi<MenuRow> {
  return crudApi<MenuRow>(MENU, {
    async list(query: Query) {
      const { code, name } = query;
      if (code || name) {
        const { data } = await http.get<R<MenuRow[]>>(`${MENU}/list`, {
          params: { code, name, menuType: type },
        });
        return flattenMenus(data.data ?? []);
      }
      return fetchMenuLevel('0', type);
    },
  });
}

/** Menus (no buttons) one level at a time, for side trees. */
export async function fetchMenuOnlyLevel(parentId: string) {
  const { data } = await http.get<R<MenuRow[]>>(`${MENU}/lazy-menu-list`, { params: { parentId } });
  return data.data ?? [];
}

/** Menus (no buttons) whose name contains `name`, as a forest. */
export async function searchMenus(name: string) {
  const { data } = await http.get<R<MenuRow[]>>(`${MENU}/menu-list`, { params: { name } });
  return data.data ?? [];
}

export const topMenuApi = crudApi<TopMenuRow>('/blade-system/topmenu');

/** The menus the caller may attach to top menus. */
export async function fetchGrantTopTree() {
  const { data } = await http.get<R<{ menu: TreeNode[] }>>(`${MENU}/grant-top-tree`);
  return data.data?.menu ?? [];
}

/** The menu ids attached to top menus. */
export async function fetchTopTreeKeys(topMenuIds: string[]) {
  const { data } = await http.get<R<{ menu: string[] }>>(`${MENU}/top-tree-keys`, {
    params: { topMenuIds: topMenuIds.join(',') },
  });
  return data.data?.menu ?? [];
}

/** Replaces the menus of the top menus. */
export async function grantTopMenus(topMenuIds: string[], menuIds: string[]) {
  const { data } = await http.post<R<boolean>>('/blade-system/topmenu/grant', { topMenuIds, menuIds });
  return data.msg;
}
