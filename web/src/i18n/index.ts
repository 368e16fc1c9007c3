import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storedLanguage } from '#src/boot/storage';
import { mergeAreas } from './area';
import { en } from './en';
import { zh } from './zh';

/**
 * Both languages are small and always bundled: switching needs no network round trip. The shell's
 * messages (zh.ts / en.ts) are here from the start; the per-area files of areas/index.ts follow in a chunk of
 * their own (`loadAreaMessages`), each under its namespace.
 */
export const i18n = i18next.createInstance();

i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  initAsync: false,
});

let areaMessages: Promise<void> | null = null;

/**
 * The areas' messages, out of the console's entry chunk (docs/decisions.md "Console first paint"). Every route
 * chunk waits for them (app/registry.ts `loadChunk`), so no screen renders before its messages are in; the
 * console asks for them as it starts (app/preload.ts), beside the page's chunks.
 */
export function loadAreaMessages(): Promise<void> {
  areaMessages ??= import('./areas').then(({ AREAS }) => {
    i18n.addResourceBundle('zh', 'translation', mergeAreas(zh, AREAS, 'zh'), true, true);
    i18n.addResourceBundle('en', 'translation', mergeAreas(en, AREAS, 'en'), true, true);
  });
  return areaMessages;
}
