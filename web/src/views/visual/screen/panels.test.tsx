import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScreenData } from '#src/api/visual';
import { useSettings } from '#src/app/stores/settings';
import { i18n } from '#src/i18n';
import { renderWithProviders } from '#src/test/render';
import { AlarmList, trendsOption } from './panels';

const alarms = [
  {
    id: '1',
    levelName: 'Critical',
    level: 1,
    deviceName: '反应釜 Reactor R-101',
    pointName: '设备离线',
    firstTime: '2026-11-28 13:33:00',
  },
] as unknown as ScreenData['alarms'];

describe("a large screen's alarm list", () => {
  it("names the demo's standard levels and the device-offline point in the screen's language", async () => {
    useSettings.setState({ language: 'zh' });
    const { unmount } = renderWithProviders(<AlarmList alarms={alarms} />);
    expect(screen.getByText('超紧急')).toBeTruthy();
    unmount();
    useSettings.setState({ language: 'en' });
    await i18n.changeLanguage('en');
    renderWithProviders(<AlarmList alarms={alarms} />);
    expect(screen.getByText('Critical')).toBeTruthy();
    expect(screen.queryByText('设备离线')).toBeNull();
    await i18n.changeLanguage('zh');
  });
});

describe("a large screen's trends", () => {
  const at = Date.parse('2026-11-29T18:40:12Z');
  const trend = (points: [number, number | null][]) =>
    ({ pointId: '1', name: '温度', unit: '℃', points }) as unknown as ScreenData['trends'][number];

  it('shows a lone point as a dot (a line needs two) and draws lines without dots', () => {
    const option = trendsOption(
      [
        trend([[at, 42.5]]),
        trend([
          [at - 60_000, 41],
          [at, 42],
        ]),
      ],
      at,
    );
    expect(option.series.map((s) => s.showSymbol)).toEqual([true, false]);
    expect(option.series[0].name).toBe('温度 (℃)');
  });

  it('spans the last hour to the end of the current minute', () => {
    const { xAxis } = trendsOption([], at);
    expect(xAxis.max).toBe(Date.parse('2026-11-29T18:41:00Z'));
    expect(xAxis.max - xAxis.min).toBe(3_600_000);
  });
});
