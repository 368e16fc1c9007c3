import type { RouteTable } from '#src/app/registry';

/** The monitoring area's screens (online users, scheduled jobs, server state), by the menu path the server gives. */
export default {
  '/monitor/online': () => import('./online/index'),
  '/monitor/job': () => import('./job/index'),
  '/monitor/server': () => import('./server/index'),
} satisfies RouteTable;
