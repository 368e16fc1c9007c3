import type { RouteTable } from '#src/app/registry';

/** The form area's screens, by the menu path the server gives them. */
export default {
  '/form/catalogue': () => import('./catalogue/index'),
  '/form/design': () => import('./design/index'),
  '/form/fill': () => import('./fill/index'),
  '/form/hook': () => import('./hook/index'),
  '/form/log': () => import('./log/index'),
  '/form/management': () => import('./management/index'),
} satisfies RouteTable;
