import type { RouteTable } from '#src/app/registry';

/** The report area's screens, by the menu path the server gives them. */
export default {
  '/index/reportlist': () => import('./reportlist/index'),
  '/report/template': () => import('./template/index'),
} satisfies RouteTable;
