import { Checkbox, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export const CONTENT_CLASSES = ['num', 'letter', 'character'] as const;

export interface PasswordModeValue {
  type: 'normal' | 'safety';
  length: number;
  content: string[];
}

/** `normal` or `safety,<length>,<class>[,<class>...]` (spec §3: type, length, content joined by commas). */
export function parsePasswordMode(value: string | undefined): PasswordModeValue {
  const [type, length, ...content] = (value ?? '').split(',').map((s) => s.trim());
  if (type !== 'safety') return { type: 'normal', length: 8, content: ['num', 'letter'] };
  const n = Number(length);
  return {
    type: 'safety',
    length: Number.isInteger(n) && n >= 6 && n <= 20 ? n : 8,
    content: content.filter((c) => (CONTENT_CLASSES as readonly string[]).includes(c)),
  };
}

export function packPasswordMode(mode: PasswordModeValue): string {
  if (mode.type === 'normal') return 'normal';
  const content = CONTENT_CLASSES.filter((c) => mode.content.includes(c));
  return ['safety', String(mode.length), ...content].join(',');
}

const LENGTHS = Array.from({ length: 15 }, (_, i) => i + 6);

/** The account.PasswordMode value as a small form: mode, minimum length and required classes. */
export function PasswordModeEditor({
  value,
  onChange,
  disabled,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const mode = parsePasswordMode(value);
  const set = (patch: Partial<PasswordModeValue>) => onChange?.(packPasswordMode({ ...mode, ...patch }));
  return (
    <Space orientation="vertical" size="small" className="pd-password-mode" style={{ width: '100%' }}>
      <Radio.Group
        disabled={disabled}
        value={mode.type}
        aria-label={t('system.param.mode.type')}
        onChange={(e) => set({ type: e.target.value })}
        options={[
          { value: 'normal', label: t('system.param.mode.normal') },
          { value: 'safety', label: t('system.param.mode.safety') },
        ]}
      />
      {mode.type === 'safety' && (
        <Space wrap>
          <span>{t('system.param.mode.length')}</span>
          <Select
            disabled={disabled}
            aria-label={t('system.param.mode.length')}
            style={{ width: 90 }}
            value={mode.length}
            onChange={(length) => set({ length })}
            options={LENGTHS.map((n) => ({ value: n, label: String(n) }))}
          />
          <span>{t('system.param.mode.content')}</span>
          <Checkbox.Group
            disabled={disabled}
            value={mode.content}
            onChange={(content) => set({ content: content.map(String) })}
            options={CONTENT_CLASSES.map((c) => ({ value: c, label: t(`system.param.mode.${c}`) }))}
          />
        </Space>
      )}
    </Space>
  );
}
