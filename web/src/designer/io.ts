import type { FormOption } from './types';

/** What the console logs when an option text cannot be read (spec §5, §8 "illegal config"). */
export const ILLEGAL_CONFIG = '非法配置';

/**
 * A form from its JSON text (import, a saved design's content). An illegal config is logged to the console and
 * gives an empty column list, never an exception: a broken saved form still opens.
 */
export function parseOption(text: string | null | undefined): FormOption {
  if (!text?.trim()) return { column: [] };
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('not an object');
    const option = value as FormOption;
    if (option.column !== undefined && !Array.isArray(option.column)) throw new TypeError('column');
    if (option.group !== undefined && !Array.isArray(option.group)) throw new TypeError('group');
    return { ...option, column: option.column ?? [] };
  } catch (error) {
    console.error(ILLEGAL_CONFIG, error);
    return { column: [] };
  }
}

/** The generated JSON (toolbar "generate JSON", the saved content): pretty-printed; empty groups left out. */
export function exportOption(form: FormOption): string {
  const { group, ...rest } = form;
  return JSON.stringify(group && group.length > 0 ? { ...rest, group } : rest, null, 2);
}
