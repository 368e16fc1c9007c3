import type { RouteTable } from '#src/app/registry';

/** The cameras area's screen, by the menu path the server gives it. */
export default {
  '/video/camera': () => import('./camera/index'),
} satisfies RouteTable;
