import { describe, expect, it } from 'vitest';
import { formatSize, isImage } from '#src/api/resourceAdmin';
import '#src/i18n';
import { checkParams, checkPhones, splitPhones } from './sms/SendDialog';

describe('attachment sizes and previews', () => {
  it('formats sizes for people', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatSize(300 * 1024 * 1024)).toBe('300 MB');
    expect(formatSize(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(formatSize(undefined)).toBe('0 B');
  });
  it('previews images inline only', () => {
    expect(isImage('PNG')).toBe(true);
    expect(isImage('webp')).toBe(true);
    expect(isImage('pdf')).toBe(false);
    expect(isImage(undefined)).toBe(false);
  });
});

describe('SMS test message', () => {
  it('checks the phone numbers', () => {
    expect(checkPhones('')).toBe('请输入手机号');
    expect(checkPhones('13800000000')).toBeNull();
    expect(checkPhones('13800000000，13900000000 ')).toBeNull();
    expect(checkPhones('13800000000,12345')).toBe('手机号格式不正确: 12345');
    expect(splitPhones(' 13800000000 ,13900000000\n')).toEqual(['13800000000', '13900000000']);
  });
  it('wants a JSON object or nothing', () => {
    expect(checkParams('')).toBeNull();
    expect(checkParams('{"code":"1"}')).toBeNull();
    expect(checkParams('[1]')).toBe('短信参数须为 JSON 对象');
    expect(checkParams('{bad')).toBe('短信参数须为 JSON 对象');
  });
});
