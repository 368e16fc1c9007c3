import { acceptLanguage, CLIENT_AUTHORIZATION, REQUEST_TIMEOUT } from './api';
import { storedLanguage } from './storage';

/**
 * The GETs every signed-in start makes (who the user is, the menus, the buttons, the public config), sent by the
 * boot entry at the first byte with the stored session, so they travel while the console downloads instead of
 * after it has started (docs/decisions.md "Console first paint": nothing waits on something it does not need).
 * The console's HTTP layer (api/http.ts) takes each answer once, for its first GET of the same address; one not
 * taken within EARLY_MS is dropped, and that GET goes to the server.
 */
export const START_PATHS = [
  '/blade-user/info',
  '/blade-system/menu/routes',
  '/blade-system/menu/buttons',
  '/blade-system/param/sys/config',
];
export const EARLY_MS = 30_000;

const early = new Map<string, { sent: number; response: Promise<Response> }>();

export function prefetch(token: string, tenantId: string, paths: string[] = START_PATHS): void {
  const headers = {
    Authorization: CLIENT_AUTHORIZATION,
    'Tenant-Id': tenantId,
    'Blade-Auth': `bearer ${token}`,
    'Accept-Language': acceptLanguage(storedLanguage()),
  };
  for (const path of paths) {
    const url = `/api${path}`;
    const response = fetch(url, {
      credentials: 'same-origin',
      headers,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT),
    });
    response.catch(() => undefined); // a failed one is simply not used: the console asks again
    early.set(url, { sent: Date.now(), response });
  }
}

/** The answer the boot entry already asked for at `url` (`/api/...`), once; undefined when there is none. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const entry = early.get(url);
  early.delete(url);
  return entry && Date.now() - entry.sent < EARLY_MS ? entry.response : undefined;
}
