import { describe, expect, it } from 'vitest';
import type { RealtimePoint } from '#src/api/monitorData';
import { limitsText, pointState } from './tags';

const NOW = 1_800_000_000_000;
const point = (p: Partial<RealtimePoint>): RealtimePoint => ({
  pointId: '1',
  code: 'TEMP',
  name: '温度',
  value: 50,
  ts: NOW - 1000,
  quality: 0,
  stale: false,
  rangeMin: 0,
  rangeMax: 100,
  ...p,
});

describe('pointState', () => {
  it('is normal for a fresh, good value inside its range', () => {
    expect(pointState(point({}), NOW)).toBe('good');
  });

  it('marks values above and below the range', () => {
    expect(pointState(point({ value: 120 }), NOW)).toBe('high');
    expect(pointState(point({ value: -1 }), NOW)).toBe('low');
  });

  it('puts never-reported before stale, and stale before out of range (an old value is not a live excursion)', () => {
    expect(pointState(point({ ts: null, value: null, stale: true }), NOW)).toBe('never');
    expect(pointState(point({ value: 120, stale: true }), NOW)).toBe('stale');
  });

  it('marks a bad quality code on an in-range value', () => {
    expect(pointState(point({ quality: 3 }), NOW)).toBe('badQuality');
    expect(pointState(point({ quality: 3, value: 200 }), NOW)).toBe('high');
  });
});

describe('limitsText', () => {
  it('shows open ends', () => {
    expect(limitsText({ rangeMin: 0, rangeMax: 1.6 })).toBe('0 ~ 1.6');
    expect(limitsText({ rangeMin: null, rangeMax: 5 })).toBe('−∞ ~ 5');
    expect(limitsText({})).toBe('—');
  });
});
