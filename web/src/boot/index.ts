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
  const { token, tenantId } = storedSession();
  // A large screen's one request too: its answer is then on the way while the console downloads and starts,
  // instead of leaving once the screen has rendered (issue 25: ready in 1.5 s from a cold cache).
  const screen = screenRequest(window.location.pathname, window.location.search);
  if (token) prefetch(token, tenantId, screen ? [...START_PATHS, screen] : START_PATHS);
  loadConsole();
  // Every page's labels: fetched beside the console rather than when its router first renders.
  import('#src/i18n/areas');
  // A large screen is opened cold, by its address, on a wall display: its code and charts start with the
  // console's, not after the console has started its router.
  (visualRoutes as RouteTable)[window.location.pathname]?.();
  paintShellFrame();
}
