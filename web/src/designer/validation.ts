import { i18n } from '#src/i18n';
import { widgetOf } from './registry';
import type { Column, DicItem } from './types';

/**
 * The designer's validation (spec §5): the messages a form being filled shows, and the checks of the config
 * panel's option and parameter editors. Messages are i18n keys whose zh text is the spec's.
 */

/** What an empty required field says: 请选择X for choices, 请输入X for lists, else X必须填写. */
export function requiredMessage(column: Column): string {
  const label = column.label ?? column.prop;
  const kind = widgetOf(column.type).requiredAs ?? (column.dataType === 'array' ? 'array' : undefined);
  if (kind === 'select') return i18n.t('form.design.v_select', { label });
  if (kind === 'array') return i18n.t('form.design.v_array', { label });
  return i18n.t('form.design.v_required', { label });
}

export function patternMessage(column: Column): string {
  return i18n.t('form.design.v_pattern', { label: column.label ?? column.prop });
}

/** A `pattern` as the designer stores it (`^\d+$` or `/^\d+$/i`), or null when it cannot be read. */
export function patternOf(column: Column): RegExp | null {
  const raw = column.pattern;
  if (typeof raw !== 'string' || !raw) return null;
  const literal = /^\/(.*)\/([gimsuy]*)$/.exec(raw);
  try {
    return literal ? new RegExp(literal[1], literal[2].replace('g', '')) : new RegExp(raw);
  } catch {
    return null;
  }
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The first message a value breaks, or null: required, then pattern (strings only), then a coordinate's or a
 * slider's range (X格式不匹配). */
export function validateValue(column: Column, value: unknown): string | null {
  if (column.required && isEmptyValue(value)) return requiredMessage(column);
  if (isEmptyValue(value)) return null;
  const pattern = patternOf(column);
  if (pattern && typeof value === 'string' && !pattern.test(value)) return patternMessage(column);
  if (column.type === 'map' && !isCoordinate(value)) return patternMessage(column);
  if (column.type === 'slider' && !inRange(column, value)) return patternMessage(column);
  return null;
}

/** avue's map value: `[longitude, latitude, address?]`, longitude -180..180 and latitude -90..90. */
function isCoordinate(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const [lng, lat] = value;
  return typeof lng === 'number' && typeof lat === 'number' && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
}

function inRange(column: Column, value: unknown): boolean {
  const min = typeof column.min === 'number' ? column.min : 0;
  const max = typeof column.max === 'number' ? column.max : 100;
  const values = Array.isArray(value) ? value : [value];
  return values.every((v) => typeof v === 'number' && v >= min && v <= max);
}

/** Why an upload field refuses a file (its `accept`, `fileSize` in bytes, `limit`), or null. */
export function uploadRefusal(
  column: Column,
  file: { name: string; size: number; type?: string },
  count: number,
): string | null {
  const limit = typeof column.limit === 'number' && column.limit > 0 ? column.limit : 0;
  if (limit && count >= limit) return i18n.t('form.design.v_limit', { limit });
  const size = typeof column.fileSize === 'number' && column.fileSize > 0 ? column.fileSize : 0;
  if (size && file.size > size) return i18n.t('form.design.v_fileSize', { size: bytes(size) });
  const accept = typeof column.accept === 'string' ? column.accept.split(',').map((a) => a.trim()) : [];
  if (accept.filter(Boolean).length && !accept.some((a) => accepts(a.toLowerCase(), file)))
    return i18n.t('form.design.v_accept', { accept: column.accept });
  return null;
}

function accepts(pattern: string, file: { name: string; type?: string }): boolean {
  const type = (file.type ?? '').toLowerCase();
  if (pattern.startsWith('.')) return file.name.toLowerCase().endsWith(pattern);
  if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
  return type === pattern;
}

function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / 1024 / 1024).toFixed(1)}MB`;
  return n >= 1024 ? `${+(n / 1024).toFixed(1)}KB` : `${n}B`;
}

/** The option editor's check: each item needs a label and a value, and values are unique (value重复). */
export function checkOptions(items: DicItem[]): string | null {
  const seen = new Set<string>();
  for (const item of items) {
    if (isEmptyValue(item.label) || isEmptyValue(item.value)) return i18n.t('form.design.v_labelValue');
    const key = String(item.value);
    if (seen.has(key)) return i18n.t('form.design.v_duplicate');
    seen.add(key);
  }
  return null;
}

/** The remote dictionary's parameters (dicQueryConfig key/value): each must be filled (参数[name]不能为空). */
export function checkParams(params: { key?: string; value?: string }[]): string | null {
  for (const param of params) {
    if (isEmptyValue(param.key) || isEmptyValue(param.value)) {
      return i18n.t('form.design.v_param', { name: param.key ?? '' });
    }
  }
  return null;
}
