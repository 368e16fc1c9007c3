import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storedLanguage } from '#src/app/stores/settings';
import { mergeAreas } from './area';
import { AREAS } from './areas';
import { en } from './en';
import { zh } from './zh';

/**
 * Both languages are small and always bundled: switching needs no network round trip. The shell's
 * messages (zh.ts / en.ts) plus every per-area file of areas/index.ts, each under its namespace.
 */
export const i18n = i18next.createInstance();

i18n.use(initReactI18next).init({
  resources: {
    zh: { translation: mergeAreas(zh, AREAS, 'zh') },
    en: { translation: mergeAreas(en, AREAS, 'en') },
  },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  initAsync: false,
});
