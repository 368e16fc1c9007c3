import { useEffect } from 'react';
import { sessionHooks } from '#src/api/httpCore';
import { isRefreshDue, refreshSchedule, remainingSeconds } from './refresh';
import { useSession } from './stores/session';

/**
 * Runs the spec §9 refresh schedule while signed in, in the console and on a large screen opened alone (a wall
 * screen stays signed in for days). A failed refresh is left to the next 401. The refresh goes through the
 * session hooks, which load app/account only when first called.
 */
export function useTokenRefresh() {
  const refreshTime = useSession((s) => s.config.tokenRefreshTime);
  const timeout = useSession((s) => s.config.tokenTimeOut);
  useEffect(() => {
    const schedule = refreshSchedule(refreshTime, timeout);
    if (!schedule) return;
    const timer = setInterval(() => {
      const { token, tokenTime } = useSession.getState();
      if (token && isRefreshDue(schedule, remainingSeconds(tokenTime, timeout, Date.now()))) {
        sessionHooks.refresh().catch(() => undefined);
      }
    }, schedule.everySeconds * 1000);
    return () => clearInterval(timer);
  }, [refreshTime, timeout]);
}
