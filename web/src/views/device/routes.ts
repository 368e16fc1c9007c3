import type { RouteTable } from '#src/app/registry';

/** The device area's screens, by the menu path the server gives them. */
export default {
  '/device/datapoint': () => import('./datapoint/index'),
  '/device/device': () => import('./device/index'),
  '/device/model': () => import('./model/index'),
  '/device/monitordata': () => import('./monitordata/index'),
  '/device/overview': () => import('./overview/index'),
  '/index/importExportManagement': () => import('./importExport/index'),
  '/monitoring': () => import('./monitoring/index'),
  '/point-chart': () => import('./pointChart/index'),
} satisfies RouteTable;
