import { defineArea } from '../area';

/** 标志管理 (/system/logo). */
export const systemLogo = defineArea('system.logo', {
  zh: {
    type_BACKEND: '后台标志',
    type_LABEL: '标签图标',
    mode_LIGHT: '浅色',
    mode_DARK: '深色',
    hint_BACKEND: '显示在侧边栏顶部。',
    hint_LABEL: '浏览器标签页图标（favicon）。',
    hintMode_LIGHT: '用于 hey、d2、cool 主题。',
    hintMode_DARK: '用于其余主题。',
    image: '标志图片',
    document: '替代文本',
    save: '保存',
    urlRequired: '请上传标志图片',
    inherited: '沿用平台',
    unset: '未设置',
  },
  en: {
    type_BACKEND: 'Console logo',
    type_LABEL: 'Tab icon',
    mode_LIGHT: 'Light',
    mode_DARK: 'Dark',
    hint_BACKEND: 'Shown at the top of the sidebar.',
    hint_LABEL: 'The browser tab icon (favicon).',
    hintMode_LIGHT: 'Used by the hey, d2 and cool themes.',
    hintMode_DARK: 'Used by the other themes.',
    image: 'Logo image',
    document: 'Alt text',
    save: 'Save',
    urlRequired: 'Please upload the logo image',
    inherited: 'Platform default',
    unset: 'Not set',
  },
});
