import type { Form } from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '#src/i18n';
import { confirmRules, parsePasswordMode, passwordRules, phoneRules, safetyPattern } from './validators';

const t = i18n.getFixedT('zh') as TFunction;

/** Runs antd rules the way Form does and returns the first message, or null when valid. */
async function firstError(rules: Rule[], value: unknown, values: Record<string, unknown> = {}) {
  const form = { getFieldValue: (name: string) => values[name] } as unknown as ReturnType<
    typeof Form.useForm
  >[0];
  for (const rule of rules) {
    const r = (typeof rule === 'function' ? rule(form) : rule) as RuleObject;
    const empty = value === undefined || value === '';
    if (r.required && empty) return r.message;
    if (empty) continue;
    if (r.min !== undefined && String(value).length < r.min) return r.message;
    if (r.max !== undefined && String(value).length > r.max) return r.message;
    if (r.pattern && !r.pattern.test(String(value))) return r.message;
    if (r.validator) {
      try {
        await r.validator(r, value, () => undefined);
      } catch (error) {
        return (error as Error).message;
      }
    }
  }
  return null;
}

describe('phone rules (spec §5: 11 digits, three messages)', () => {
  it.each([
    ['', '请输入手机号'],
    ['1381234567', '手机号长度为11位'],
    ['23812345678', '手机号格式不正确'],
    ['1381234567a', '手机号格式不正确'],
    ['13812345678', null],
  ])('%s → %s', async (value, message) => {
    expect(await firstError(phoneRules(t), value)).toBe(message);
  });
});

describe('password rules (spec §5)', () => {
  it.each([
    ['', '请输入新密码'],
    ['abc12', '密码长度在 6 到 20 个字符'],
    ['a'.repeat(21), '密码长度在 6 到 20 个字符'],
    ['abc 123', '用户密码不允许输入空格'],
    ['abc密码123', '密码不可输入中文'],
    ['abc123', null],
  ])('%s → %s', async (value, message) => {
    expect(await firstError(passwordRules(t), value)).toBe(message);
  });

  it('applies the safety rule when there is one', async () => {
    const safety = { type: 'safety', length: 8, content: 'num,letter,character' };
    expect(await firstError(passwordRules(t, safety), 'abcd1234')).toBe(
      '密码不符合安全规则，请按规则重新设置',
    );
    expect(await firstError(passwordRules(t, safety), 'abcd123!')).toBeNull();
  });

  it('confirm: required, no whitespace, equal to the new password', async () => {
    const rules = confirmRules(t, 'newPassword');
    expect(await firstError(rules, '', { newPassword: 'abc123' })).toBe('请再次输入密码');
    expect(await firstError(rules, 'abc 12', { newPassword: 'abc123' })).toBe('用户密码不允许输入空格');
    expect(await firstError(rules, 'abc124', { newPassword: 'abc123' })).toBe('两次输入密码不一致!');
    expect(await firstError(rules, 'abc123', { newPassword: 'abc123' })).toBeNull();
  });
});

describe('safety pattern', () => {
  it('requires each listed class and the minimum length, up to 20', () => {
    const pattern = safetyPattern({ type: 'safety', length: 8, content: 'num,letter' });
    expect(pattern.test('abcdefgh')).toBe(false);
    expect(pattern.test('abcdefg1')).toBe(true);
    expect(pattern.test('abc1')).toBe(false);
    expect(pattern.test(`a1${'x'.repeat(19)}`)).toBe(false);
  });

  it('caps the minimum length at 20', () => {
    expect(safetyPattern({ type: 'safety', length: 40, content: 'num' }).source).toContain('{20,20}');
  });
});

describe('parsePasswordMode', () => {
  const rule = { type: 'safety', length: 8, content: 'num,letter' };

  it('reads normal mode as no rule', () => {
    expect(parsePasswordMode('normal')).toBeNull();
    expect(parsePasswordMode(undefined)).toBeNull();
  });

  it('reads the object, its JSON text and the packed parameter value', () => {
    expect(parsePasswordMode(rule)).toEqual(rule);
    expect(parsePasswordMode(JSON.stringify(rule))).toEqual(rule);
    expect(parsePasswordMode('safety,8,num,letter')).toEqual(rule);
  });
});
