import { useEffect } from 'react';
import { refreshSession } from './account';
import { isRefreshDue, refreshSchedule, remainingSeconds } from './refresh';
import { useSession } from './stores/session';

/** Runs the spec §9 refresh schedule while signed in. A failed refresh is left to the next 401. */
export function useTokenRefresh() {
  const refreshTime = useSession((s) => s.config.tokenRefreshTime);
  const timeout = useSession((s) => s.config.tokenTimeOut);
  useEffect(() => {
    const schedule = refreshSchedule(refreshTime, timeout);
    if (!schedule) return;
    const timer = setInterval(() => {
      const { token, tokenTime } = useSession.getState();
      if (token && isRefreshDue(schedule, remainingSeconds(tokenTime, timeout, Date.now()))) {
        refreshSession().catch(() => undefined);
      }
    }, schedule.everySeconds * 1000);
    return () => clearInterval(timer);
  }, [refreshTime, timeout]);
}
