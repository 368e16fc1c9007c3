import type { RouteTable } from '#src/app/registry';

/** The knowledge area's screens, by the menu path the server gives them. */
export default {
  '/index/knowledge': () => import('./index'),
} satisfies RouteTable;
