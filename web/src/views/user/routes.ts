import type { RouteTable } from '#src/app/registry';

/** The user area's screens, by the menu path the server gives them. */
export default {
  '/info/index': () => import('./profile/index'),
  '/system/user': () => import('./manage/index'),
} satisfies RouteTable;
