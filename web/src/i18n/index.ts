import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storedLanguage } from '#src/app/stores/settings';
import { en } from './en';
import { zh } from './zh';

/** Both languages are small and always bundled: switching needs no network round trip. */
export const i18n = i18next.createInstance();

i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  initAsync: false,
});
