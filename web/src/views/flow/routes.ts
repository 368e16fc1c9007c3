import type { RouteTable } from '#src/app/registry';

/** The flow area's screens, by the menu path the server gives them. */
export default {
  '/flow/deploy': () => import('./deploy/index'),
  '/flow/follow': () => import('./follow/index'),
  '/flow/manager': () => import('./manager/index'),
  '/flow/model': () => import('./model/index'),
  '/work/claim': () => import('./work/claim/index'),
  '/work/done': () => import('./work/done/index'),
  '/work/process/leave': () => import('./work/process/leave/index'),
  '/work/send': () => import('./work/send/index'),
  '/work/start': () => import('./work/start/index'),
  '/work/todo': () => import('./work/todo/index'),
} satisfies RouteTable;
