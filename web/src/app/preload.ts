import { loadAreaMessages } from '#src/i18n';
import { isBareView } from './menus';
import { loadLayout, pageRegistry, viewRegistry } from './registry';
import { useSession } from './stores/session';

/**
 * Starts fetching the chunks of the page being opened (and the layout around it) as soon as the entry
 * chunk begins to run. main.tsx imports this module first, so it runs before react-dom, antd and the
 * router are evaluated: the router would only start its lazy routes at the end, about 0.5 s later at 4x
 * CPU. Its lazy routes then get the same modules, loaded or in flight; the areas' messages, which every lazy
 * route waits for, are asked for first. A view is fetched only for a signed-in, unlocked session, so a signed-out deep link spends no bandwidth beside the login page.
 */
function preload(path: string) {
  const { token, user, locked } = useSession.getState();
  // Failures are the router's to report, when its lazy route asks for the same chunk.
  const fetchChunk = (load: () => Promise<unknown>) => load().catch(() => undefined);
  const page = pageRegistry[path];
  const view = viewRegistry[path];
  if (page) fetchChunk(page);
  else if (view && token && user && !locked) {
    fetchChunk(view);
    if (!isBareView(path)) fetchChunk(loadLayout);
  }
}

loadAreaMessages().catch(() => undefined);
preload(window.location.pathname);
