import { Button, ColorPicker, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COLOR, useSettings } from '#src/app/stores/settings';

const PRESETS = [DEFAULT_COLOR, '#1890FF', '#304156', '#212121', '#11A983', '#13C2C2', '#6959CD', '#F5222D'];

/** The primary colour: presets, a free picker and a reset to the default #409EFF (spec §9). */
export default function ColorPanel() {
  const { t } = useTranslation();
  const { color, setColor } = useSettings();
  return (
    <div className="pd-color-panel">
      <Typography.Text strong>{t('header.color')}</Typography.Text>
      <div className="pd-swatches">
        {PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-label={preset}
            className={`pd-swatch ${preset.toLowerCase() === color.toLowerCase() ? 'pd-swatch-active' : ''}`}
            style={{ background: preset }}
            onClick={() => setColor(preset)}
          />
        ))}
      </div>
      <Space>
        <ColorPicker value={color} showText onChangeComplete={(value) => setColor(value.toHexString())} />
        <Button size="small" onClick={() => setColor(DEFAULT_COLOR)}>
          {t('settings.reset')}
        </Button>
      </Space>
    </div>
  );
}
