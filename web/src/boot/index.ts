import { isBareView } from '#src/app/menus';
import type { RouteTable } from '#src/app/registry';
import visualRoutes from '#src/views/visual/routes';
import { screenRequest } from '#src/views/visual/screen/layouts';
import { paintShellFrame } from './frame';
import { mountLoginForm } from './loginForm';
import { prefetch, START_PATHS } from './prefetch';
import { storedSession } from './storage';

/**
 * The page's entry (docs/decisions.md "Console first paint"): a signed-out visit paints the plain-DOM login
 * form from this small chunk and loads the console behind it; any other visit loads the console at once and, on
 * a page of the shell, paints the shell's frame meanwhile.
 */

/** The pages a signed-out visitor may open (router.tsx's `isAuth: false` routes besides /login itself). */
const SIGNED_OUT_PAGES = ['/403', '/404', '/500'];

const loadConsole = () => import('#src/main');

if (!storedSession().token && !SIGNED_OUT_PAGES.includes(window.location.pathname)) {
  // The route guard's first rule (spec §2: no token, to /login), applied before the router exists.
  if (window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');
  mountLoginForm();
  // After the form's first frame, so the console's download and start-up do not delay it.
  requestAnimationFrame(() => setTimeout(loadConsole));
} else {
  const { pathname, search } = window.location;
  const { token, tenantId } = storedSession();
  // A large screen is opened cold, by its address, on a wall display: it starts alone, without the console
  // (views/visual/screen/standalone.tsx), unless the route guard sends the visit elsewhere.
  const screen = isBareView(pathname) ? (visualRoutes as RouteTable)[pathname] : undefined;
  if (screen) {
    // Its one request, its code and its charts from the first byte (issue 25: ready in 1.5 s from a cold cache);
    // the request first, as the server's answer is the longest wait.
    const request = screenRequest(pathname, search);
    if (token && request) prefetch(token, tenantId, [request]);
    screen();
    import('#src/views/visual/screen/standalone')
      .then((standalone) => standalone.mountScreen(screen))
      .then((mounted) => mounted || loadConsole(), loadConsole);
  } else {
    if (token) prefetch(token, tenantId, START_PATHS);
    loadConsole();
    paintShellFrame();
  }
  // Every page's labels: fetched beside the code rather than when the first view renders.
  import('#src/i18n/areas');
}
