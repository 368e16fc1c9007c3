import { Activity, type ReactNode, useRef } from 'react';
import { useOutlet } from 'react-router';
import { useTabs } from '#src/app/stores/tabs';

/**
 * Pages stay alive per tab (spec §2): one <Activity> per open tab, hidden when not active. The tab
 * store is the one source of truth: a page whose tab closed is dropped, and "clear cache" bumps the
 * generation so every kept page remounts. Hidden pages keep state but their effects stop.
 */
export function KeepAliveOutlet({ activeKey }: { activeKey?: string }) {
  const outlet = useOutlet();
  const tabs = useTabs((s) => s.tabs);
  const generation = useTabs((s) => s.generation);
  const cache = useRef(new Map<string, ReactNode>());

  if (activeKey) cache.current.set(activeKey, outlet);
  for (const key of cache.current.keys()) {
    if (key !== activeKey && !tabs.some((t) => t.key === key)) cache.current.delete(key);
  }

  return (
    <>
      {[...cache.current].map(([key, page]) => (
        <Activity key={`${generation}:${key}`} mode={key === activeKey ? 'visible' : 'hidden'}>
          {page}
        </Activity>
      ))}
      {!activeKey && outlet}
    </>
  );
}
