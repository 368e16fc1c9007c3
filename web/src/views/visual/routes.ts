import type { RouteTable } from '#src/app/registry';

/** The visual area's screens, by the menu path the server gives them; the three large-screen pages (spec §2). */
export default {
  '/visual/map': () => import('./map/index'),
  '/visual/api': () => import('./api/index'),
  '/cockpit': () => import('./screen/Cockpit'),
  '/part': () => import('./screen/Part'),
  '/wisdomView': () => import('./screen/WisdomView'),
  '/index/batchMonitor': () => import('./screen/BatchMonitor'),
  '/index/flowMonitor': () => import('./screen/FlowMonitor'),
} satisfies RouteTable;
