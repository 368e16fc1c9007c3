import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { i18n } from '#src/i18n';
import { antdThemeConfig, DEFAULT_THEME, isThemeName, themeCssVariables } from '#src/themes';
import { bindFeedback } from './feedback';
import { queryClient } from './queryClient';
import { router } from './router';
import { useSettings } from './stores/settings';

export function App() {
  const { language, color } = useSettings();
  const theme = useSettings((s) => (isThemeName(s.theme) ? s.theme : DEFAULT_THEME));

  useEffect(() => {
    i18n.changeLanguage(language);
    dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);

  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(themeCssVariables(theme))) root.style.setProperty(name, value);
    root.dataset.theme = theme;
  }, [theme]);

  return (
    <ConfigProvider locale={language === 'zh' ? zhCN : enUS} theme={antdThemeConfig(theme, color)}>
      {/* Spec §8: toasts last 3 s and only one shows at a time. */}
      <AntApp message={{ maxCount: 1, duration: 3 }} className="pd-app">
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

function FeedbackBridge() {
  bindFeedback(AntApp.useApp());
  return null;
}
