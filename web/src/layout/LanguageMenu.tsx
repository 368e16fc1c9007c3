import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Language, useSettings } from '#src/app/stores/settings';

const LANGUAGES: { key: Language; label: string }[] = [
  { key: 'zh', label: '中文' },
  { key: 'en', label: 'English' },
];

/** zh / en switch; the choice is saved under the `language` key (spec §9). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, setLanguage } = useSettings();
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES,
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className="pd-header-btn"
        aria-label={t('header.language')}
        icon={<GlobalOutlined />}
      >
        <span className="pd-lang-label">{LANGUAGES.find((l) => l.key === language)?.label}</span>
      </Button>
    </Dropdown>
  );
}
