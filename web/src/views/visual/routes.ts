import type { RouteTable, ViewModule } from '#src/app/registry';
import { loadECharts } from './screen/loadECharts';

/** A large screen's code and the chart library it draws with, fetched side by side rather than one after the
 * other (issue 25: ready in 1.5 s from a cold cache). */
const screen = (page: () => Promise<ViewModule>) => () => {
  void loadECharts();
  return page();
};

/** The visual area's screens, by the menu path the server gives them; the three large-screen pages (spec §2). */
export default {
  '/visual/map': () => import('./map/index'),
  '/visual/api': () => import('./api/index'),
  '/cockpit': screen(() => import('./screen/Cockpit')),
  '/part': screen(() => import('./screen/Part')),
  '/wisdomView': screen(() => import('./screen/WisdomView')),
  '/index/batchMonitor': screen(() => import('./screen/BatchMonitor')),
  '/index/flowMonitor': screen(() => import('./screen/FlowMonitor')),
} satisfies RouteTable;
