import { Input, InputNumber, Rate, Slider, Space, Switch } from 'antd';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '#src/app/registry';
import type { Column } from '../types';

/**
 * The advanced widgets of the palette (spec §3): slider, rate, switch, rich text and the coordinate picker.
 * Upload lives with the other controls in fields.tsx.
 */

type Props = {
  column: Column;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
};

// Quill (the knowledge editor's) loads with the first rich-text field, not with the form.
const RichText = lazyChunk(() => import('#src/views/knowledge/RichText'));

/** A list property the designer stores as typed text ("a, b") or as avue's array. */
export function listOf(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  return typeof raw === 'string' && raw.trim() ? raw.split(',').map((s) => s.trim()) : [];
}

export function SliderField({ column, value, onChange, disabled }: Props) {
  const min = typeof column.min === 'number' ? column.min : 0;
  const max = typeof column.max === 'number' ? column.max : 100;
  const step = typeof column.step === 'number' && column.step >= 1 ? column.step : 1;
  const range = Boolean(column.range);
  const common = { style: { flex: 1 }, disabled, min, max, step, dots: Boolean(column.showStops) };
  const slider = range ? (
    <Slider
      {...common}
      range
      value={Array.isArray(value) ? (value as [number, number]) : [min, min]}
      onChange={(v) => onChange?.(v)}
    />
  ) : (
    <Slider {...common} value={typeof value === 'number' ? value : min} onChange={(v) => onChange?.(v)} />
  );
  if (!column.showInput || range) return slider;
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      {slider}
      <InputNumber
        size="small"
        min={min}
        max={max}
        step={step}
        value={value as number | undefined}
        onChange={(v) => onChange?.(v ?? undefined)}
        disabled={disabled}
        aria-label={String(column.label ?? column.prop)}
      />
    </div>
  );
}

export function RateField({ column, value, onChange, disabled }: Props) {
  const count = typeof column.max === 'number' ? column.max : 5;
  const texts = listOf(column.texts);
  const colors = listOf(column.colors);
  const score = typeof value === 'number' ? value : 0;
  // avue's three colours: low, middle, high thirds of the scale.
  const color = colors.length
    ? colors[Math.min(colors.length - 1, Math.floor(((score - 1) * 3) / count))]
    : undefined;
  return (
    <Space>
      <Rate
        value={score}
        onChange={(v) => onChange?.(v || undefined)}
        disabled={disabled}
        count={count}
        tooltips={texts.length ? texts : undefined}
        style={color && score ? { color } : undefined}
      />
      {Boolean(column.showText) && score > 0 && <span data-rate-text>{texts[score - 1] ?? score}</span>}
    </Space>
  );
}

export function SwitchField({ column, value, onChange, disabled, id }: Props) {
  return (
    <Switch
      id={id}
      checked={Boolean(value)}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      checkedChildren={(column.activeText as string) || undefined}
      unCheckedChildren={(column.inactiveText as string) || undefined}
    />
  );
}

/**
 * Rich text: HTML through the Quill editor. The editor takes its value when it mounts, so a value set from
 * outside (a reset, a hook) mounts it anew; its own edits do not.
 */
export function RichTextField({ column, value, onChange, disabled, id }: Props) {
  const emitted = useRef(value);
  const [generation, setGeneration] = useState(0);
  if (value !== emitted.current) {
    emitted.current = value;
    setGeneration((g) => g + 1);
  }
  const rows = typeof column.minRows === 'number' ? column.minRows : 6;
  if (disabled) return <div style={{ minHeight: rows * 22, whiteSpace: 'pre-wrap' }}>{textOf(value)}</div>;
  return (
    <div data-rich-text={column.prop} style={{ minHeight: rows * 22 }}>
      <Suspense fallback={null}>
        <RichText
          key={generation}
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={(html) => {
            emitted.current = html || undefined;
            onChange?.(html || undefined);
          }}
        />
      </Suspense>
    </div>
  );
}

/** The text of an HTML value (a disabled rich-text field shows it: no markup from a value is ever run). */
export function textOf(html: unknown): string {
  if (typeof html !== 'string' || !html) return '';
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** A coordinate: avue's `[longitude, latitude, address]`. */
export function MapField({ column, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const [lng, lat, address] = Array.isArray(value) ? value : [];
  const precision = typeof column.precision === 'number' ? column.precision : 6;
  const change = (next: [unknown, unknown, unknown]) => {
    const [x, y, a] = next;
    onChange?.(x == null && y == null && !a ? undefined : a ? [x, y, a] : [x, y]);
  };
  return (
    <Space.Compact style={{ width: '100%' }} data-map={column.prop}>
      <InputNumber
        style={{ width: '30%' }}
        placeholder={t('form.design.longitude')}
        aria-label={t('form.design.longitude')}
        min={-180}
        max={180}
        precision={precision}
        value={lng as number | undefined}
        onChange={(v) => change([v ?? undefined, lat, address])}
        disabled={disabled}
      />
      <InputNumber
        style={{ width: '30%' }}
        placeholder={t('form.design.latitude')}
        aria-label={t('form.design.latitude')}
        min={-90}
        max={90}
        precision={precision}
        value={lat as number | undefined}
        onChange={(v) => change([lng, v ?? undefined, address])}
        disabled={disabled}
      />
      <Input
        style={{ width: '40%' }}
        placeholder={(column.placeholder as string) || t('form.design.address')}
        aria-label={t('form.design.address')}
        value={(address as string) ?? ''}
        onChange={(e) => change([lng, lat, e.target.value || undefined])}
        disabled={disabled}
      />
    </Space.Compact>
  );
}
