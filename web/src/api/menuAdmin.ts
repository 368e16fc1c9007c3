import { type CrudApi, crudApi } from './crud';
import {
  getBladeSystemMenuDetail,
  getBladeSystemMenuGrantTopTree,
  getBladeSystemMenuLazyList,
  getBladeSystemMenuLazyListByType,
  getBladeSystemMenuLazyMenuList,
  getBladeSystemMenuList,
  getBladeSystemMenuMenuList,
  getBladeSystemMenuTopTreeKeys,
  getBladeSystemTopmenuDetail,
  getBladeSystemTopmenuList,
  type MenuNode,
  postBladeSystemMenuRemove,
  postBladeSystemMenuSubmit,
  postBladeSystemTopmenuGrant,
  postBladeSystemTopmenuRemove,
  postBladeSystemTopmenuSubmit,
  type TopMenuRead,
} from './generated/client';
import type { Query } from './types';

/** Menu types of blade_menu: the system console, PC, mobile app and third-party grant trees. */
export type MenuType = 'sys' | 'pc' | 'app' | 'tpy';

/**
 * A row of the menu admin tree (menu/lazy-list, menu/list, menu/detail). `category`: 1 menu, 2 button;
 * `action`: 0 none, 1 toolbar, 2 row, 3 both; `isOpen`: 1 same window, 2 new window.
 */
export type MenuRow = MenuNode;

export type TopMenuRow = TopMenuRead;

/** One level of the tree below `parentId` (0 = roots), of one menu type or of every type. */
export async function fetchMenuLevel(parentId: string, type?: MenuType) {
  // Query ids are integers in the schema but travel as strings (64-bit snowflakes).
  const { data } = type
    ? await getBladeSystemMenuLazyListByType({ parentId, type } as never)
    : await getBladeSystemMenuLazyList({ parentId } as never);
  return data ?? [];
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
  const endpoints = {
    list: getBladeSystemMenuList,
    detail: getBladeSystemMenuDetail,
    submit: postBladeSystemMenuSubmit,
    remove: postBladeSystemMenuRemove,
  };
  return crudApi(endpoints, {
    async list(query: Query) {
      const { code, name } = query;
      if (code || name) {
        const params = { code: code as string, name: name as string, menuType: type };
        return flattenMenus((await getBladeSystemMenuList(params)).data ?? []);
      }
      return fetchMenuLevel('0', type);
    },
  });
}

/** Menus (no buttons) one level at a time, for side trees. */
export async function fetchMenuOnlyLevel(parentId: string) {
  return (await getBladeSystemMenuLazyMenuList({ parentId } as never)).data ?? [];
}

/** Menus (no buttons) whose name contains `name`, as a forest. */
export async function searchMenus(name: string) {
  return (await getBladeSystemMenuMenuList({ name })).data ?? [];
}

export const topMenuApi = crudApi({
  list: getBladeSystemTopmenuList,
  detail: getBladeSystemTopmenuDetail,
  submit: postBladeSystemTopmenuSubmit,
  remove: postBladeSystemTopmenuRemove,
});

/** The menus the caller may attach to top menus. */
export async function fetchGrantTopTree() {
  return (await getBladeSystemMenuGrantTopTree()).data?.menu ?? [];
}

/** The menu ids attached to top menus. */
export async function fetchTopTreeKeys(topMenuIds: string[]) {
  return (await getBladeSystemMenuTopTreeKeys({ topMenuIds: topMenuIds.join(',') })).data?.menu ?? [];
}

/** Replaces the menus of the top menus. */
export async function grantTopMenus(topMenuIds: string[], menuIds: string[]) {
  return (await postBladeSystemTopmenuGrant({ topMenuIds, menuIds })).msg;
}
