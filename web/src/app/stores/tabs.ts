import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const HOME_PATH = '/wel/index';

export interface Tab {
  /** Path plus search: the same page opened with other query values is another tab. */
  key: string;
  path: string;
  /** The last URL of the tab when it carries a table's state (page, filters, sort); going back opens it. */
  url?: string;
  /** Fixed label (query name); else the menu of `path` names it, else `labelKey` is translated. */
  label?: string;
  labelKey?: string;
}

export const HOME_TAB: Tab = { key: HOME_PATH, path: HOME_PATH, labelKey: 'tabs.home' };

interface TabsState {
  tabs: Tab[];
  /** Bumped by "clear cache" so kept-alive pages remount with fresh data. */
  generation: number;
  open(tab: Tab): void;
  close(key: string): void;
  closeOthers(key: string): void;
  closeAll(): void;
  clearCache(): void;
  reset(): void;
}

/**
 * The tab strip is the one source of truth for kept-alive pages (DESIGN §5). Rules of spec §2: Home
 * is always first and never closes; "close all" leaves only Home.
 */
export const useTabs = create<TabsState>()(
  persist(
    (set) => ({
      tabs: [HOME_TAB],
      generation: 0,
      open: (tab) =>
        set((s) => {
          const index = s.tabs.findIndex((t) => t.key === tab.key);
          if (index < 0) return { tabs: [...s.tabs, tab] };
          const tabs = [...s.tabs];
          tabs[index] = { ...tabs[index], ...tab, url: tab.url };
          return { tabs };
        }),
      close: (key) => set((s) => ({ tabs: s.tabs.filter((t) => t.key !== key || isFirst(s.tabs, t)) })),
      closeOthers: (key) =>
        set((s) => ({ tabs: s.tabs.filter((t) => t.key === HOME_PATH || t.key === key) })),
      closeAll: () => set({ tabs: [HOME_TAB] }),
      clearCache: () => set((s) => ({ generation: s.generation + 1 })),
      reset: () => set({ tabs: [HOME_TAB], generation: 0 }),
    }),
    {
      name: 'plantdesk-tabs',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ tabs: s.tabs }),
      merge: (persisted, current) => ({
        ...current,
        tabs: withHome((persisted as Partial<TabsState>)?.tabs),
      }),
    },
  ),
);

/** Where a link to `to` opens: the URL its open tab was left at (table state included), else `to`. */
export function tabUrl(to: string): string {
  return useTabs.getState().tabs.find((tab) => tab.key === to)?.url ?? to;
}

/** A tab shows a close button only when more than one is open, and the first never closes. */
export function isClosable(tabs: Tab[], tab: Tab): boolean {
  return tabs.length > 1 && !isFirst(tabs, tab);
}

function isFirst(tabs: Tab[], tab: Tab) {
  return tabs[0]?.key === tab.key;
}

function withHome(tabs: Tab[] | undefined): Tab[] {
  const rest = (tabs ?? []).filter((t) => t.key !== HOME_PATH);
  return [HOME_TAB, ...rest];
}

/** Where to go after closing `key`: its right neighbour, else its left one. */
export function neighbourOf(tabs: Tab[], key: string): Tab {
  const index = tabs.findIndex((t) => t.key === key);
  return tabs[index + 1] ?? tabs[index - 1] ?? HOME_TAB;
}
