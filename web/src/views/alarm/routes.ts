import type { RouteTable } from '#src/app/registry';

/** The alarm area's screens, by the menu path the server gives them. */
export default {
  '/alarm/audit': () => import('./audit/index'),
  '/alarm/config': () => import('./config/index'),
  '/alarm/database': () => import('./database/index'),
  '/alarm/overview': () => import('./overview/index'),
  '/alarm/setting': () => import('./setting/index'),
  '/alarm/tracking': () => import('./tracking/index'),
} satisfies RouteTable;
