import type { RouteTable } from '#src/app/registry';

/** The topology area's screens, by the menu path the server gives them. */
export default {
  '/topology/protocol': () => import('./protocol/index'),
  '/topology/management': () => import('./management/index'),
} satisfies RouteTable;
