import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorHandlers, rootErrorOptions } from '#src/app/errorLog';
import { bareViewMeta, decideRoute, guardInput, pageTitle } from '#src/app/guard';
import { findMenuByPath, menuLabel } from '#src/app/menus';
import { queryClient } from '#src/app/queryClient';
import type { ViewModule } from '#src/app/registry';
import { bindSessionHooks } from '#src/app/sessionHooks';
import { useSession } from '#src/app/stores/session';
import { useTokenRefresh } from '#src/app/useTokenRefresh';
import { storedLanguage } from '#src/boot/storage';
import { i18n, loadAreaMessages } from '#src/i18n';

/**
 * A large screen or monitor opened by its address, as a wall display opens it: the screen alone, without the
 * console (docs/decisions.md "Large screens without the console"). It needs none of antd, the router or the
 * shell, whose download and start were most of a cold screen's time (issue 25: ready in 1.5 s). The route
 * guard's rules still apply: where they send the visit elsewhere (locked, no user, not this tenant's menu, a
 * `target` window) nothing is mounted and the answer is false, and the console then opens and applies them.
 * Opened from the console's own menu, a screen is a route of the console as before.
 */
export async function mountScreen(load: () => Promise<ViewModule>): Promise<boolean> {
  const { pathname, search } = window.location;
  const session = useSession.getState();
  const query = new URLSearchParams(search);
  const meta = bareViewMeta(pathname);
  if (decideRoute(guardInput(session, pathname, query, meta)).kind !== 'allow') return false;

  const [{ default: Screen }] = await Promise.all([load(), loadAreaMessages()]);
  const menu = findMenuByPath(session.menus, pathname);
  document.title = pageTitle(meta, query, menu ? menuLabel(menu, storedLanguage()) : '', i18n.t);

  installGlobalErrorHandlers();
  bindSessionHooks();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container, rootErrorOptions).render(
    <QueryClientProvider client={queryClient}>
      <Signed>
        <Screen />
      </Signed>
    </QueryClientProvider>,
  );
  return true;
}

/** Keeps the session's token fresh as the console's layout does: a wall screen outlives its first token. */
function Signed({ children }: { children: React.ReactNode }) {
  useTokenRefresh();
  return children;
}
