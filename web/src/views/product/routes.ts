import type { RouteTable } from '#src/app/registry';

/** The production area's screens, by the menu path the server gives them. */
export default {
  '/product/product': () => import('./product/index'),
  '/product/tectprocess': () => import('./tectprocess/index'),
  '/product/batch': () => import('./batch/index'),
  '/product/oee': () => import('./oee/index'),
} satisfies RouteTable;
