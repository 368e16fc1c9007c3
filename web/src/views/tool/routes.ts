import type { RouteTable } from '#src/app/registry';

/**
 * The developer tools' screens, by the menu path the server gives them. The large-screen data sources
 * (/visual/datasource, code `largedb`) are the same data sources in the caller's tenant: the same view.
 */
export default {
  '/tool/code': () => import('./code/index'),
  '/tool/datasource': () => import('./datasource/index'),
  '/visual/datasource': () => import('./datasource/index'),
} satisfies RouteTable;
