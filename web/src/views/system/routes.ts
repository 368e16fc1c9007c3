import type { RouteTable } from '#src/app/registry';

/** The system area's screens, by the menu path the server gives them. */
export default {
  '/authority/apiscope': () => import('./authority/apiscope/index'),
  '/authority/dataauth': () => import('./authority/dataauth/index'),
  '/authority/datascope': () => import('./authority/datascope/index'),
  '/system/client': () => import('./client/index'),
  '/system/dept': () => import('./dept/index'),
  '/system/dict': () => import('./dict/index'),
  '/system/dictbiz': () => import('./dictbiz/index'),
  '/system/logo': () => import('./logo/index'),
  '/system/menu': () => import('./menu/index'),
  '/system/mobilemenu': () => import('./mobilemenu/index'),
  '/system/param': () => import('./param/index'),
  '/system/pcmenu': () => import('./pcmenu/index'),
  '/system/post': () => import('./post/index'),
  '/system/region': () => import('./region/index'),
  '/system/role': () => import('./role/index'),
  '/system/tenant': () => import('./tenant/index'),
  '/system/tenantpackage': () => import('./tenantpackage/index'),
  '/system/topmenu': () => import('./topmenu/index'),
} satisfies RouteTable;
