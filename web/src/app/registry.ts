import { type ComponentType, lazy } from 'react';
import type { LoaderFunction } from 'react-router';
import { loadAreaMessages } from '#src/i18n';

/** A page module: the component, and optionally a loader that starts the page's data early. */
export type ViewModule = { default: ComponentType; loader?: LoaderFunction };

/** An area's screens: menu path -> its view, loaded with the route. */
export type RouteTable = Record<string, () => Promise<ViewModule>>;

/** Every area's route table (src/views/<area>/routes.ts), as the build found them. */
export const routeTables: Record<string, RouteTable> = Object.fromEntries(
  Object.entries(
    import.meta.glob<RouteTable>('../views/*/routes.ts', { eager: true, import: 'default' }),
  ).map(([file, table]) => [file.split('/')[2], table]),
);

/**
 * The static view registry (DESIGN §3): each area maps its menu paths to its views (so /index/knowledge lives with
 * knowledge). Server menus decide what is shown; this decides what can render. A path with no view is a 404.
 */
export const viewRegistry: RouteTable = Object.assign({}, ...Object.values(routeTables));

/** The pages outside the menu tree (their route meta is in router.tsx). */
export const pageRegistry: Record<string, () => Promise<ViewModule>> = {
  '/login': () => import('#src/pages/login'),
  '/lock': () => import('#src/pages/lock'),
  '/403': () => import('#src/pages/error/Forbidden'),
  '/404': () => import('#src/pages/error/NotFound'),
  '/500': () => import('#src/pages/error/ServerError'),
};

/** The signed-in shell around every view that is not full-page. */
export const loadLayout = () => import('#src/layout');

/** Spec §2 frame/outlink routes: they open without a tab, inside the console's frame (sidebar and header). */
export const FRAME_PATHS = [
  '/alarm-history',
  '/report',
  '/monitoring',
  '/point-chart',
  '/system-log',
  '/index/knowledge',
  '/index/reportlist',
  '/index/importExportManagement',
  '/index/warnManagement',
  '/index/warnIndicators',
  '/index/batchMonitor',
  '/index/flowMonitor',
  '/index/aiChat',
];

/** Frame routes open without a tab. */
export const isFrameView = (path: string) => FRAME_PATHS.includes(path);

/** Spec §9: a chunk that has not loaded after 120 s counts as failed (then a reload is offered). */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** A route's or dialog's chunk, once it and the areas' messages it shows (i18n `loadAreaMessages`) are in. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
    Promise.all([load(), loadAreaMessages()]).then(
      ([module]) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/** React.lazy with the same 120 s limit, so a stale chunk in a dialog gets the reload prompt too. */
// biome-ignore lint/suspicious/noExplicitAny: props are whatever the lazily loaded component takes.
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => loadChunk(load));
}
