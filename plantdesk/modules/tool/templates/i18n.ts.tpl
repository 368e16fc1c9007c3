import { defineArea } from '../area';

/** $code_name / $code_name_en ($menu_path). Register it in areas/index.ts (one import, one list entry). */
export const $i18n_const = defineArea('$module', {
  zh: {
    $screen: {
$i18n_zh
    },
  },
  en: {
    $screen: {
$i18n_en
    },
  },
});
