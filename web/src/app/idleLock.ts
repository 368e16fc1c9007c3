import { useEffect } from 'react';
/** Spec §9: idle check every 1 s, activity debounced 100 ms, redirect to /lock 100 ms after locking. */
export const IDLE_CHECK_MS = 1000;
export const ACTIVITY_DEBOUNCE_MS = 100;
export const LOCK_REDIRECT_MS = 100;

const ACTIVITY_EVENTS = ['keydown', 'mousemove', 'mousedown', 'wheel', 'scroll', 'touchstart'] as const;

/** Idle for at least lockTime seconds; lockTime 0 disables the lock. */
export function isIdle(lastActivity: number, now: number, lockTime: number): boolean {
  return lockTime > 0 && now - lastActivity >= lockTime * 1000;
}

/**
 * Calls `lock` 100 ms after `lockTime` seconds passed without keyboard, mouse, scroll or touch
 * activity. Mounted only inside the signed-in layout, so it is off on the login and lock pages.
 */
export function useIdleLock(lockTime: number, lock: () => void) {
  useEffect(() => {
    if (lockTime <= 0) return;
    let lastActivity = Date.now();
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let redirect: ReturnType<typeof setTimeout> | undefined;
    const onActivity = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        lastActivity = Date.now();
      }, ACTIVITY_DEBOUNCE_MS);
    };
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    const check = setInterval(() => {
      if (!isIdle(lastActivity, Date.now(), lockTime) || redirect) return;
      redirect = setTimeout(lock, LOCK_REDIRECT_MS);
    }, IDLE_CHECK_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      clearInterval(check);
      clearTimeout(debounce);
      clearTimeout(redirect);
    };
  }, [lockTime, lock]);
}
