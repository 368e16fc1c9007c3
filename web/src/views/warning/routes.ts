import type { RouteTable } from '#src/app/registry';

/** The warning area's screens, by the menu path the server gives them. */
export default {
  '/index/warnIndicators': () => import('./indicators/index'),
  '/index/warnManagement': () => import('./management/index'),
} satisfies RouteTable;
