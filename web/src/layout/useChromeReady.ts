import { useDeferredValue } from 'react';

/**
 * false on the shell's first render, true in a deferred pass right after. The sidebar menu and the
 * header tools wait for it, so a cold start (deep link, reload) commits the page itself first instead
 * of waiting for the chrome's render (issue 3 time-to-ready budget).
 */
export function useChromeReady(): boolean {
  return useDeferredValue(true, false);
}
