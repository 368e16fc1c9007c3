import type { RouteTable } from '#src/app/registry';

/** The resource area's screens, by the menu path the server gives them. */
export default {
  '/resource/attach': () => import('./attach/index'),
  '/resource/oss': () => import('./oss/index'),
  '/resource/sms': () => import('./sms/index'),
} satisfies RouteTable;
