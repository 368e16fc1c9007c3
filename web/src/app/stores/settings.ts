import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_THEME, type ThemeName } from '#src/themes';

export const DEFAULT_COLOR = '#409EFF';

export type Language = 'zh' | 'en';

/** Spec §9: the language is saved under the plain key `language`, default zh. */
export const LANGUAGE_KEY = 'language';

export function storedLanguage(): Language {
  return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'zh';
}

interface SettingsState {
  language: Language;
  color: string;
  theme: ThemeName;
  collapsed: boolean;
  setLanguage(language: Language): void;
  setColor(color: string): void;
  setTheme(theme: ThemeName): void;
  setCollapsed(collapsed: boolean): void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      language: storedLanguage(),
      color: DEFAULT_COLOR,
      theme: DEFAULT_THEME,
      collapsed: false,
      setLanguage: (language) => {
        localStorage.setItem(LANGUAGE_KEY, language);
        set({ language });
      },
      setColor: (color) => set({ color }),
      setTheme: (theme) => set({ theme }),
      setCollapsed: (collapsed) => set({ collapsed }),
    }),
    {
      name: 'plantdesk-settings',
      storage: createJSONStorage(() => localStorage),
      // The language lives under its own key; keep it out of this blob so there is one truth.
      partialize: ({ color, theme, collapsed }) => ({ color, theme, collapsed }),
    },
  ),
);
