import { CheckOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '#src/app/stores/settings';
import { THEME_NAMES, THEMES } from '#src/themes';

/** All eleven themes, each previewed by its sidebar and header colours. */
export default function ThemePanel() {
  const { t } = useTranslation();
  const { theme, setTheme } = useSettings();
  return (
    <div className="pd-theme-panel">
      <Typography.Text strong>{t('header.theme')}</Typography.Text>
      <div className="pd-theme-grid">
        {THEME_NAMES.map((name) => (
          <button
            key={name}
            type="button"
            data-theme-name={name}
            className={`pd-theme-card ${name === theme ? 'pd-theme-active' : ''}`}
            onClick={() => setTheme(name)}
          >
            <span className="pd-theme-preview">
              <span style={{ background: THEMES[name].sider }} />
              <span style={{ background: THEMES[name].header }} />
            </span>
            <span className="pd-theme-name">
              {name === theme && <CheckOutlined />} {t(`themes.${name}`)}
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
