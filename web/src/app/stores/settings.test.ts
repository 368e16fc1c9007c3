import { describe, expect, it } from 'vitest';
import { DEFAULT_COLOR, LANGUAGE_KEY, storedLanguage, useSettings } from './settings';

describe('settings store', () => {
  it('defaults to Chinese, the default colour #409EFF and theme-default', () => {
    expect(storedLanguage()).toBe('zh');
    expect(DEFAULT_COLOR).toBe('#409EFF');
    expect(useSettings.getState().theme).toBe('theme-default');
  });

  it('saves the language under the plain key `language`', () => {
    useSettings.getState().setLanguage('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(storedLanguage()).toBe('en');
    useSettings.getState().setLanguage('zh');
    expect(localStorage.getItem('language')).toBe('zh');
  });

  it('persists colour and theme', () => {
    useSettings.getState().setColor('#11A983');
    useSettings.getState().setTheme('theme-dark');
    const saved = JSON.parse(localStorage.getItem('plantdesk-settings') ?? '{}').state;
    expect(saved).toMatchObject({ color: '#11A983', theme: 'theme-dark' });
    expect(saved.language).toBeUndefined();
  });
});
