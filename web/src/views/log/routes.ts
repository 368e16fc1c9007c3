import type { RouteTable } from '#src/app/registry';

/** The log area's screens, by the menu path the server gives them. */
export default {
  '/monitor/log/api': () => import('./api/index'),
  '/monitor/log/error': () => import('./error/index'),
  '/monitor/log/usual': () => import('./usual/index'),
  '/monitor/log/system': () => import('./system/index'),
} satisfies RouteTable;
