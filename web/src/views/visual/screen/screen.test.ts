import { describe, expect, it, vi } from 'vitest';
import type { ScreenData } from '#src/api/visual';
import { withHooks } from './LargeScreen';

const own = {
  screen: 'cockpit',
  time: '2026-11-27 20:00:00',
  kpis: [{ key: 'devices', value: 8 }],
  alarmLevels: [{ level: 1, name: '紧急', active: 1, today: 2 }],
  oee: { oee: 0.7, trend: [{ day: '2026-11-26', oee: 0.7 }], losses: [] },
  hooks: [],
} as unknown as ScreenData;

const hooked = (hooks: unknown[]) => withHooks({ ...own, hooks } as ScreenData);

describe('large-screen hooks', () => {
  it("put a hook's data in its chart", () => {
    const levels = [{ level: 1, name: 'MES', active: 5, today: 6 }];
    const shown = hooked([{ apiId: '1', chart: 'alarmLevels', data: levels }]);
    expect(shown.alarmLevels).toBe(levels);
    expect(shown.kpis).toBe(own.kpis);
    const trend = [{ day: '2026-11-27', oee: 0.9 }];
    expect(hooked([{ apiId: '2', chart: 'oeeTrend', data: trend }]).oee?.trend).toBe(trend);
    expect(hooked([{ apiId: '3', chart: 'oee', data: { oee: 0.8 } }]).oee).toMatchObject({
      oee: 0.8,
      trend: own.oee?.trend,
    });
  });
  it('keep the screen data when a hook failed or answers another shape', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(
      hooked([{ apiId: '1', chart: 'kpis', data: null, error: '接口调用失败: ConnectError' }]).kpis,
    ).toBe(own.kpis);
    expect(hooked([{ apiId: '2', chart: 'kpis', data: { not: 'a list' } }]).kpis).toBe(own.kpis);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
