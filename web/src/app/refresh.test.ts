import { describe, expect, it } from 'vitest';
import { isRefreshDue, refreshSchedule, remainingSeconds } from './refresh';

describe('refreshSchedule (spec §9 table)', () => {
  it.each([
    // refresh time, timeout, check every, refresh when remaining <=
    [3600, 3600, 50, 300],
    [7200, 7200, 50, 3900],
    [3599, 3600, 30, 1979],
    [1800, 3600, 30, 180],
    [1799, 3600, 20, 1259],
    [600, 3600, 20, 60],
    [599, 3600, 15, 359],
    [300, 3600, 15, 60],
    [299, 3600, 10, 269],
    [60, 3600, 10, 30],
    [59, 3600, 5, 59],
    [20, 3600, 5, 20],
    [19, 3600, 1, 19],
    [1, 3600, 1, 1],
  ])('refresh time %i s (timeout %i s): every %i s, at %i s left', (time, timeout, every, remaining) => {
    expect(refreshSchedule(time, timeout)).toEqual({ everySeconds: every, whenRemaining: remaining });
  });

  it('is off when the refresh time is 0', () => {
    expect(refreshSchedule(0, 3600)).toBeNull();
  });

  it('is off when the refresh time is larger than the timeout', () => {
    expect(refreshSchedule(1801, 1800)).toBeNull();
  });

  it('defaults the timeout to 3600 s when unset', () => {
    expect(refreshSchedule(3600, 0)).toEqual({ everySeconds: 50, whenRemaining: 300 });
    expect(refreshSchedule(3601, 0)).toBeNull();
  });
});

describe('remainingSeconds / isRefreshDue', () => {
  it('counts the token life down from when it was stored', () => {
    const stored = 1_000_000;
    expect(remainingSeconds(stored, 3600, stored + 3300 * 1000)).toBe(300);
    expect(remainingSeconds(stored, 0, stored)).toBe(3600);
  });

  it('is due once the remaining life reaches the threshold', () => {
    const schedule = { everySeconds: 50, whenRemaining: 300 };
    expect(isRefreshDue(schedule, 301)).toBe(false);
    expect(isRefreshDue(schedule, 300)).toBe(true);
    expect(isRefreshDue(schedule, -5)).toBe(true);
  });
});
