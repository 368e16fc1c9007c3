import { describe, expect, it } from 'vitest';
import { i18n } from '#src/i18n';
import { levelLabel, ruleText } from './labels';

describe('alarm labels in the console language', () => {
  it('names a standard level in either language, and a tenant’s own level as written', () => {
    expect(levelLabel('Critical', 'zh')).toBe('超紧急');
    expect(levelLabel('一般', 'en')).toBe('General');
    expect(levelLabel('Serious', 'en')).toBe('Serious');
    expect(levelLabel('Boiler trip', 'zh')).toBe('Boiler trip');
    expect(levelLabel(null, 'zh')).toBe('');
  });

  it('words a rule’s mode and its conditions', async () => {
    await i18n.changeLanguage('zh');
    const t = i18n.t.bind(i18n);
    expect(ruleText('SIMPLE', t)).toBe('立即');
    expect(ruleText('Temperature > 95; DURATION 60s; hysteresis 2', t)).toBe(
      'Temperature > 95; 持续 60s; 回差 2',
    );
    await i18n.changeLanguage('en');
    expect(ruleText('REPEATING ×3', i18n.t.bind(i18n))).toBe('Repeating ×3');
  });
});
