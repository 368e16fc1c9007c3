import type { AxiosResponse } from 'axios';

/**
 * What the console's entry needs of the HTTP layer (http.ts), without axios: the error class its error log
 * recognises and the session hooks it wires. axios comes with the route chunks (docs/decisions.md "Console first
 * paint").
 */

export class HttpError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly response?: AxiosResponse,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * What the HTTP layer needs from the session machinery. The console wires these at start-up (main.tsx);
 * keeping them as hooks keeps this module free of import cycles and easy to test.
 */
export const sessionHooks = {
  /** Refresh the token pair; rejects when that is not possible. Single-flight on the caller's side. */
  refresh: (): Promise<void> => Promise.reject(new Error('no session')),
  /** Local logout after the server refused the session: clear it and go to /login. */
  expire: (): void => {},
};
