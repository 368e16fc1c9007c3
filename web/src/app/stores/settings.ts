import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { LANGUAGE_KEY, type Language, SETTINGS_KEY, storedLanguage } from '#src/boot/storage';
import { DEFAULT_THEME, type ThemeName } from '#src/themes/palette';

export const DEFAULT_COLOR = '#409EFF';

export { LANGUAGE_KEY, type Language, storedLanguage };

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
      name: SETTINGS_KEY,
      storage: createJSONStorage(() => localStorage),
      // The language lives under its own key; keep it out of this blob so there is one truth.
      partialize: ({ color, theme, collapsed }) => ({ color, theme, collapsed }),
    },
  ),
);
