import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScreenData } from '#src/api/visual';
import { useSettings } from '#src/app/stores/settings';
import { i18n } from '#src/i18n';
import { renderWithProviders } from '#src/test/render';
import { AlarmList } from './panels';

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
