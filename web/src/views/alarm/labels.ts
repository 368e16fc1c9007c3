import type { TFunction } from 'i18next';
import type { Language } from '#src/app/stores/settings';

/**
 * The standard alarm levels (industrial.md §1.2) in both languages, most urgent first: a tenant's level named
 * one of them (a new tenant's Chinese defaults, the demo's English names) is shown in the console's language;
 * any other name is the tenant's own and shown as written.
 */
const STANDARD_LEVELS: [zh: string, en: string][] = [
  ['超紧急', 'Critical'],
  ['紧急', 'Urgent'],
  ['严重', 'Serious'],
  ['一般', 'General'],
  ['提醒', 'Reminder'],
];

export function levelLabel(name: string | null | undefined, language: Language): string {
  if (!name) return '';
  const pair = STANDARD_LEVELS.find(([zh, en]) => name === zh || name.toLowerCase() === en.toLowerCase());
  if (!pair) return name;
  return language === 'en' ? pair[1] : pair[0];
}

/** The point of a device-offline alarm: the server names it in Chinese (engine.OFFLINE_POINT). */
const OFFLINE_POINT = '设备离线';

/** An alarm's point name in the console's language (a device-offline alarm's, else as written). */
export function pointLabel(name: string | null | undefined, t: TFunction): string {
  return name === OFFLINE_POINT ? t('alarm.kind_OFFLINE') : (name ?? '');
}

const MODE = /\b(SIMPLE|DURATION|REPEATING)\b/g;

/** A rule's mode and conditions as the server words them (`SIMPLE`, `DURATION 60s`, `hysteresis 2`) in the
 * console's language. */
export function ruleText(text: string | null | undefined, t: TFunction): string {
  if (!text) return '';
  return text
    .replace(MODE, (mode) => t(`alarm.mode_${mode}`))
    .replace(/\bhysteresis\b/g, t('alarm.hysteresis'))
    .replace(/\bclear after\b/g, t('alarm.clearAfter'))
    .replace(/\bno data\b/g, t('alarm.noData'))
    .replace(/\bdevice offline\b/g, t('alarm.kind_OFFLINE'));
}
