import { sessionHooks } from '#src/api/httpCore';

/**
 * The HTTP layer refreshes and ends the session through app/account (it cannot import it: cycle), imported when
 * first needed: with it comes the generated API client, kept out of the console's and the large screens' entry
 * chunks (docs/decisions.md "Console first paint").
 */
export function bindSessionHooks() {
  const account = () => import('./account');
  sessionHooks.refresh = () => account().then((m) => m.refreshSession());
  sessionHooks.expire = () => {
    account().then((m) => m.federatedLogout());
  };
}
