import { useSyncExternalStore } from 'react';

/** Spec §2 screen size classes: 3 at 1200 px and up, 2 at 992, 1 at 768, else 0. */
export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useScreen() {
  return useSyncExternalStore(subscribe, () => screenClass(window.innerWidth));
}
