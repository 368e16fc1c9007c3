import type { RouteTable } from '#src/app/registry';

/** The $module area's screens, by the menu path the server gives them. */
export default {
  '$menu_path': () => import('./$screen/index'),
} satisfies RouteTable;
