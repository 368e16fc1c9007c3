import type { RouteTable } from '#src/app/registry';

/** The desk area's screens, by the menu path the server gives them. */
export default {
  '/desk/notice': () => import('./notice/index'),
  '/wel/index': () => import('./welcome/index'),
} satisfies RouteTable;
