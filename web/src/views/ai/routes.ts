import type { RouteTable } from '#src/app/registry';

/** The ai area's screens, by the menu path the server gives them. */
export default {
  '/index/aiChat': () => import('./chat/index'),
} satisfies RouteTable;
