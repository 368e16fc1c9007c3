import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isIdle, useIdleLock } from './idleLock';

describe('isIdle', () => {
  it('is idle after lockTime seconds, never when lockTime is 0', () => {
    expect(isIdle(0, 59_999, 60)).toBe(false);
    expect(isIdle(0, 60_000, 60)).toBe(true);
    expect(isIdle(0, 10_000_000, 0)).toBe(false);
  });
});

describe('useIdleLock (spec §4/§9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('locks 100 ms after the idle time passed with no activity', () => {
    const lock = vi.fn();
    renderHook(() => useIdleLock(5, lock));
    vi.advanceTimersByTime(5000);
    expect(lock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(lock).toHaveBeenCalledOnce();
  });

  it('activity (debounced 100 ms) restarts the idle time', () => {
    const lock = vi.fn();
    renderHook(() => useIdleLock(5, lock));
    vi.advanceTimersByTime(4000);
    window.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(4000);
    expect(lock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2100);
    expect(lock).toHaveBeenCalledOnce();
  });

  it('is off when the lock time is 0', () => {
    const lock = vi.fn();
    renderHook(() => useIdleLock(0, lock));
    vi.advanceTimersByTime(3_600_000);
    expect(lock).not.toHaveBeenCalled();
  });
});
