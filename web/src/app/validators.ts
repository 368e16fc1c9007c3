import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { PasswordMode, SafetyRule } from '#src/api/types';

/** Spec §5 field rules as antd form rules; messages are i18n keys whose zh values are the spec's. */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const PHONE_LENGTH = 11;
export const AVATAR_MAX_BYTES = 500 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'];

const CHINESE = /[\u4e00-\u9fa5]/;
const WHITESPACE = /\s/;
const PHONE = /^1[3-9]\d{9}$/;

export function phoneRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('validation.phoneRequired') },
    {
      validator: async (_, value: string) => {
        if (!value) return;
        if (value.length !== PHONE_LENGTH) throw new Error(t('validation.phoneLength'));
        if (!PHONE.test(value)) throw new Error(t('validation.phoneFormat'));
      },
    },
  ];
}

export function emailRules(t: TFunction): Rule[] {
  return [{ type: 'email', message: t('validation.email') }];
}

/** New password: required, 6-20, no whitespace, no Chinese, and the safety rule when one applies. */
export function passwordRules(t: TFunction, safety: SafetyRule | null = null): Rule[] {
  return [
    { required: true, message: t('validation.passwordRequired') },
    { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('validation.passwordLength') },
    ...passwordCharacterRules(t),
    ...(safety ? [{ pattern: safetyPattern(safety), message: t('validation.passwordSafety') }] : []),
  ];
}

/** The confirmation: required, no whitespace, equal to the field `other`. */
export function confirmRules(t: TFunction, other: string): Rule[] {
  return [
    { required: true, message: t('validation.confirmRequired') },
    { validator: async (_, value: string) => noWhitespace(t, value) },
    ({ getFieldValue }) => ({
      validator: async (_, value: string) => {
        if (value && value !== getFieldValue(other)) throw new Error(t('validation.passwordMismatch'));
      },
    }),
  ];
}

function passwordCharacterRules(t: TFunction): Rule[] {
  return [
    { validator: async (_, value: string) => noWhitespace(t, value) },
    {
      validator: async (_, value: string) => {
        if (value && CHINESE.test(value)) throw new Error(t('validation.passwordChinese'));
      },
    },
  ];
}

function noWhitespace(t: TFunction, value: string | undefined) {
  if (value && WHITESPACE.test(value)) throw new Error(t('validation.passwordWhitespace'));
}

const CLASS_PATTERNS: Record<string, string> = {
  num: '\\d',
  letter: '[a-zA-Z]',
  character: '[^a-zA-Z\\d\\s]',
};

/** The strength pattern: at least `length` (up to 20) characters, one of each required class. */
export function safetyPattern(rule: SafetyRule): RegExp {
  const min = Math.min(Math.max(Number(rule.length) || PASSWORD_MIN, 1), PASSWORD_MAX);
  const lookaheads = rule.content
    .split(',')
    .map((name) => CLASS_PATTERNS[name.trim()])
    .filter(Boolean)
    .map((cls) => `(?=.*${cls})`)
    .join('');
  return new RegExp(`^${lookaheads}\\S{${min},${PASSWORD_MAX}}$`);
}

/**
 * account.PasswordMode as the server sends it: "normal", the safety rule as an object, its JSON text,
 * or the packed parameter value "safety,<length>,<class>,<class>...".
 */
export function parsePasswordMode(mode: PasswordMode | undefined | null): SafetyRule | null {
  if (!mode) return null;
  if (typeof mode === 'object') return mode.type === 'normal' ? null : mode;
  const text = mode.trim();
  if (text.startsWith('{')) return parsePasswordMode(JSON.parse(text) as SafetyRule);
  const [type, length, ...content] = text.split(',').map((s) => s.trim());
  if (type !== 'safety') return null;
  return { type, length: Number(length), content: content.join(',') };
}
