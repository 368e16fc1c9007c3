import { sessionHooks } from '#src/api/httpCore';

/**
 * The HTTP layer refreshes the session through app/refreshSession and ends it through app/account (it cannot
 * import them: cycle), each imported when first needed: with them comes the generated API client, kept out of the
 * console's and the large screens' entry chunks (docs/decisions.md "Console first paint"). A large screen that
 * refreshes its token loads no more than the refresh (issue 25).
 */
export function bindSessionHooks() {
  sessionHooks.refresh = () => import('./refreshSession').then((m) => m.refreshSession());
  sessionHooks.expire = () => {
    import('./account').then((m) => m.federatedLogout());
  };
}
