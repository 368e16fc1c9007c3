import { createBrowserRouter, type LoaderFunction, Navigate, type RouteObject } from 'react-router';
import { bareViewMeta, decideRoute, guardInput, type RouteMeta } from './guard';
import { isBareView } from './menus';
import { setNavigate } from './navigation';
import { Root } from './Root';
import { RouteError } from './RouteError';
import { isFrameView, loadChunk, loadLayout, pageRegistry, type ViewModule, viewRegistry } from './registry';
import { useSession } from './stores/session';
import { HOME_PATH } from './stores/tabs';

/** Tab labels and titles of the static pages that live in the view registry. */
const VIEW_META: Record<string, RouteMeta> = {
  [HOME_PATH]: { labelKey: 'tabs.home' },
  '/info/index': { labelKey: 'tabs.info' },
};

function lazyComponent(load: () => Promise<ViewModule>, handle: RouteMeta = {}): RouteObject['lazy'] {
  return async () => {
    const { default: Component, loader } = await loadChunk(load);
    return { Component, ...(loader && { loader: guarded(loader, handle) }) };
  };
}

/** A page's loader runs only where Root will render the page, so a redirect starts no request. */
function guarded(loader: LoaderFunction, handle: RouteMeta): LoaderFunction {
  return (args) => {
    const url = new URL(args.request.url);
    const input = guardInput(useSession.getState(), url.pathname, url.searchParams, handle);
    return decideRoute(input).kind === 'allow' ? loader(args) : null;
  };
}

function route(path: string, load: () => Promise<ViewModule>, handle: RouteMeta = {}): RouteObject {
  return { path, handle, lazy: lazyComponent(load, handle) };
}

const views = Object.entries(viewRegistry);

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // While the first page's chunks load: index.html's boot spinner rather than a blank page.
    hydrateFallbackElement: (
      <div className="pd-boot">
        <span />
      </div>
    ),
    children: [
      route('/login', pageRegistry['/login'], {
        isAuth: false,
        isTab: false,
        labelKey: 'login.title',
      }),
      route('/lock', pageRegistry['/lock'], { isTab: false, labelKey: 'lock.title' }),
      route('/403', pageRegistry['/403'], {
        isAuth: false,
        isTab: false,
        labelKey: 'error.403',
      }),
      route('/404', pageRegistry['/404'], {
        isAuth: false,
        isTab: false,
        labelKey: 'error.404',
      }),
      route('/500', pageRegistry['/500'], {
        isAuth: false,
        isTab: false,
        labelKey: 'error.500',
      }),
      { path: '/', element: <Navigate to={HOME_PATH} replace /> },
      { path: '/wel', element: <Navigate to={HOME_PATH} replace /> },
      ...views
        .filter(([path]) => isBareView(path))
        .map(([path, load]) => route(path, load, bareViewMeta(path))),
      {
        lazy: lazyComponent(loadLayout),
        children: [
          ...views
            .filter(([path]) => !isBareView(path))
            .map(([path, load]) => route(path, load, isFrameView(path) ? { isTab: false } : VIEW_META[path])),
          route('/myiframe/:routerPath', () => import('#src/pages/iframe')),
          // An unknown path inside the console keeps its frame (the standalone /404 is for signed-out visits).
          route('*', pageRegistry['/404'], { isTab: false, labelKey: 'error.404' }),
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

setNavigate((to, options) => router.navigate(to, options));
