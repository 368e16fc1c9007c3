import { describe, expect, it } from 'vitest';
import {
  ageParts,
  axisFormat,
  axisWithLimits,
  BUCKETS_MS,
  chooseBucket,
  formatValue,
  isStale,
  outOfRange,
  resolveRange,
  summarize,
  withGaps,
} from './monitor';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const H = 3_600_000;

describe('resolveRange', () => {
  it('turns the last 1 h / 24 h / 7 d into from..now', () => {
    expect(resolveRange('1h', NOW)).toEqual({ from: NOW - H, to: NOW });
    expect(resolveRange('24h', NOW)).toEqual({ from: NOW - 24 * H, to: NOW });
    expect(resolveRange('7d', NOW)).toEqual({ from: NOW - 168 * H, to: NOW });
  });

  it('takes a custom range as given, reversed ends swapped', () => {
    expect(resolveRange('custom', NOW, { from: 1000, to: 5000 })).toEqual({ from: 1000, to: 5000 });
    expect(resolveRange('custom', NOW, { from: 5000, to: 1000 })).toEqual({ from: 1000, to: 5000 });
  });

  it('falls back to the last hour for a custom choice without both ends', () => {
    expect(resolveRange('custom', NOW, { from: 1000 })).toEqual({ from: NOW - H, to: NOW });
    expect(resolveRange('custom', NOW, null)).toEqual({ from: NOW - H, to: NOW });
  });
});

describe('chooseBucket', () => {
  const span = (ms: number) => ({ from: NOW - ms, to: NOW });

  it('keeps the picker ranges at or under 500 buckets with round sizes', () => {
    expect(chooseBucket(span(H))).toBe(10_000);
    expect(chooseBucket(span(24 * H))).toBe(300_000);
    expect(chooseBucket(span(168 * H))).toBe(1_800_000);
  });

  it('never asks for more than the target number of buckets, and asks for 1 s on short spans', () => {
    for (const ms of [1000, 60_000, 7 * 60_000, 3 * H, 30 * 24 * H]) {
      const size = chooseBucket(span(ms));
      expect(BUCKETS_MS).toContain(size);
      expect(ms / size).toBeLessThanOrEqual(500);
    }
    expect(chooseBucket(span(60_000))).toBe(1000);
    expect(chooseBucket(span(0))).toBe(1000);
  });

  it('takes the smallest round size that fits (not a larger one)', () => {
    // 2 h / 500 = 14.4 s → 15 s, not 30 s
    expect(chooseBucket(span(2 * H))).toBe(15_000);
    // 6 h / 500 = 43.2 s → 60 s
    expect(chooseBucket(span(6 * H))).toBe(60_000);
  });

  it('stops at one day for very long spans', () => {
    expect(chooseBucket(span(5 * 365 * 24 * H))).toBe(86_400_000);
  });

  it('honours another target', () => {
    expect(chooseBucket(span(H), 60)).toBe(60_000);
  });
});

describe('axisFormat', () => {
  it('shows seconds for short ranges and dates for multi-day ones', () => {
    expect(axisFormat({ from: NOW - H, to: NOW })).toBe('HH:mm:ss');
    expect(axisFormat({ from: NOW - 24 * H, to: NOW })).toBe('HH:mm');
    expect(axisFormat({ from: NOW - 168 * H, to: NOW })).toBe('MM-DD HH:mm');
  });
});

describe('isStale', () => {
  it('follows the server flag when there is one', () => {
    expect(isStale({ ts: NOW - 1000, stale: true }, NOW)).toBe(true);
    // a slow point (5-minute period): old, but the server says fresh
    expect(isStale({ ts: NOW - 4 * 60_000, stale: false }, NOW)).toBe(false);
  });

  it('marks a point that never reported', () => {
    expect(isStale({ ts: null, stale: false }, NOW)).toBe(true);
    expect(isStale({ ts: null }, NOW)).toBe(true);
  });

  it('uses the age without a server flag', () => {
    expect(isStale({ ts: NOW - 59_000 }, NOW)).toBe(false);
    expect(isStale({ ts: NOW - 61_000 }, NOW)).toBe(true);
    expect(isStale({ ts: NOW - 5_000 }, NOW, 3_000)).toBe(true);
  });
});

describe('outOfRange', () => {
  it('compares numbers with either limit', () => {
    expect(outOfRange(5, { lower: 0, upper: 10 })).toBeNull();
    expect(outOfRange(-1, { lower: 0, upper: 10 })).toBe('low');
    expect(outOfRange(11, { lower: 0, upper: 10 })).toBe('high');
    expect(outOfRange(11, { lower: 0 })).toBeNull();
    expect(outOfRange(-11, { upper: 10, lower: null })).toBeNull();
  });

  it('never flags text, flags, missing values or a point without limits', () => {
    expect(outOfRange('high', { upper: 1 })).toBeNull();
    expect(outOfRange(true, { upper: 0 })).toBeNull();
    expect(outOfRange(null, { upper: 0 })).toBeNull();
    expect(outOfRange(Number.NaN, { upper: 0 })).toBeNull();
    expect(outOfRange(1e9, {})).toBeNull();
  });
});

describe('display helpers', () => {
  it('formats values', () => {
    expect(formatValue(1.23456)).toBe('1.235');
    expect(formatValue(2.5)).toBe('2.5');
    expect(formatValue(3)).toBe('3');
    expect(formatValue(true)).toBe('1');
    expect(formatValue(null)).toBe('—');
    expect(formatValue('RUN')).toBe('RUN');
  });

  it('gives the age in its largest whole unit', () => {
    expect(ageParts(NOW - 5_000, NOW)).toEqual({ count: 5, unit: 's' });
    expect(ageParts(NOW - 125_000, NOW)).toEqual({ count: 2, unit: 'min' });
    expect(ageParts(NOW - 3 * H, NOW)).toEqual({ count: 3, unit: 'h' });
    expect(ageParts(NOW - 50 * H, NOW)).toEqual({ count: 2, unit: 'd' });
    expect(ageParts(NOW + 5_000, NOW)).toEqual({ count: 0, unit: 's' });
  });
});

describe('summarize', () => {
  it('takes min / max / last over the buckets and weights the average by count', () => {
    const s = summarize([
      { ts: 1, min: 1, max: 3, avg: 2, last: 3, count: 1 },
      { ts: 2, min: 0, max: 10, avg: 5, last: 4, count: 3 },
      { ts: 3, min: null, max: null, avg: null, last: null, count: 0 },
    ]);
    expect(s).toEqual({ min: 0, max: 10, avg: (2 + 15) / 4, last: 4, count: 4 });
  });

  it('answers nulls for an empty range', () => {
    expect(summarize([])).toEqual({ min: null, max: null, avg: null, last: null, count: 0 });
  });
});

describe('withGaps', () => {
  const b = (ts: number, avg: number | null) => ({ ts, min: avg, max: avg, avg, last: avg, count: 1 });

  it('breaks the line where buckets are missing', () => {
    expect(withGaps([b(0, 1), b(10, 2), b(40, 3)], 10, (x) => x.avg)).toEqual([
      [0, 1],
      [10, 2],
      [20, null],
      [40, 3],
    ]);
  });

  it('leaves consecutive buckets alone', () => {
    expect(withGaps([b(0, 1), b(10, 2), b(20, 3)], 10, (x) => x.max)).toEqual([
      [0, 1],
      [10, 2],
      [20, 3],
    ]);
    expect(withGaps([], 10, (x) => x.avg)).toEqual([]);
  });
});

describe('axisWithLimits', () => {
  it('widens the axis to a nearby limit', () => {
    expect(axisWithLimits({ min: 4, max: 5.5 }, [6, 0])).toEqual({ min: 4, max: 6 });
  });

  it('leaves out a far end of a measuring range', () => {
    expect(axisWithLimits({ min: 80, max: 85 }, [0, 200])).toEqual({ min: 80, max: 85 });
  });

  it('keeps the extent when the limits are inside it, or there is no data', () => {
    expect(axisWithLimits({ min: 0, max: 10 }, [2, 8])).toEqual({ min: 0, max: 10 });
    expect(axisWithLimits({ min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY }, [1])).toEqual({
      min: Number.POSITIVE_INFINITY,
      max: Number.NEGATIVE_INFINITY,
    });
  });

  it('shows a limit near a flat line', () => {
    expect(axisWithLimits({ min: 5, max: 5 }, [8])).toEqual({ min: 5, max: 8 });
  });
});
