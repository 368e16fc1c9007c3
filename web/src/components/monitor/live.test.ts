import { describe, expect, it } from 'vitest';
import type { RealtimePoint } from '#src/api/monitorData';
import { applyLiveValues } from './hooks';

const point = (pointId: string, value: number | null, ts: number | null): RealtimePoint => ({
  pointId,
  code: pointId,
  name: pointId,
  value,
  ts,
  stale: ts == null,
});

describe('applyLiveValues', () => {
  it('takes the newest pushed value of each shown point and leaves the others', () => {
    const shown = [point('1', 1, 1_000), point('2', 2, 1_000), point('3', null, null)];
    const next = applyLiveValues(shown, [
      { pointId: '1', value: 5, textValue: null, ts: 3_000, quality: 0 },
      { pointId: '1', value: 4, textValue: null, ts: 2_000, quality: 0 },
      { pointId: '3', value: null, textValue: 'auto', ts: 3_000, quality: 0 },
      { pointId: '9', value: 9, textValue: null, ts: 3_000, quality: 0 },
    ]) as RealtimePoint[];
    expect(next.map((p) => [p.pointId, p.value, p.ts, p.stale])).toEqual([
      ['1', 5, 3_000, false],
      ['2', 2, 1_000, false],
      ['3', 'auto', 3_000, false],
    ]);
    expect(next[1]).toBe(shown[1]);
  });

  it('never replaces a value with an older one (a reload may overtake an event)', () => {
    const shown = [point('1', 7, 5_000)];
    expect(
      applyLiveValues(shown, [{ pointId: '1', value: 1, textValue: null, ts: 4_000, quality: 0 }]),
    ).toEqual(shown);
  });
});
