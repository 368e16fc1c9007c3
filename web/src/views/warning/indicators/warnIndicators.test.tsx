import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '#src/app/stores/session';
import { renderWithProviders } from '#src/test/render';

const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const indicatorList = vi.fn();
const metricsList = vi.fn();
vi.mock('#src/api/warning', async (original) => {
  const real = await original<typeof import('#src/api/warning')>();
  return {
    ...real,
    indicatorApi: { ...real.indicatorApi, list: (...args: unknown[]) => indicatorList(...args) },
    metricsApi: { ...real.metricsApi, list: (...args: unknown[]) => metricsList(...args) },
  };
});

const { default: WarnIndicatorsPage } = await import('./index');

describe('预警指标', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSession
      .getState()
      .setAccount({ permissions: { warnIndicators_add: true, warnIndicators_view: true } });
    indicatorList.mockResolvedValue(
      page([
        {
          id: '1',
          name: '全厂日告警数 Alarms per day, whole plant',
          measure: 'COUNT',
          period: 'day',
          threshold: 8,
          enabled: 1,
          lastValue: 9,
          lastPeriod: '2026-11-23',
          lastStatus: '预警',
        },
        {
          id: '2',
          name: 'Mean time to confirm',
          measure: 'CONFIRM_MINUTES',
          period: 'week',
          threshold: 15,
          enabled: 1,
          lastValue: 12.345,
          lastPeriod: '2026-W47',
          lastStatus: '正常',
        },
      ]),
    );
    metricsList.mockResolvedValue(
      page([
        {
          eventId: '7',
          eventName: '进料泵振动高 Pump P-101A high vibration',
          deviceName: 'Feed pump',
          pointName: 'Vibration',
          levelName: 'Serious',
          count: 14,
          open: 1,
          unconfirmed: 2,
          meanConfirmMinutes: 20.86,
          meanClearMinutes: null,
          keepMinutes: 788,
          lastTime: '2026-11-23 18:32:24',
        },
      ]),
    );
  });

  it('lists the indicators with their measure, last value and status, and the metrics by range', async () => {
    renderWithProviders(
      <MemoryRouter>
        <WarnIndicatorsPage />
      </MemoryRouter>,
    );
    const row = (await screen.findByText('全厂日告警数 Alarms per day, whole plant')).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('告警数')).toBeTruthy();
    expect(within(row).getByText('预警 · 2026-11-23')).toBeTruthy();
    const other = screen.getByText('Mean time to confirm').closest('tr') as HTMLElement;
    expect(within(other).getByText('12.3')).toBeTruthy();
    expect(within(other).getByText('平均确认时长(分钟)')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '告警指标' }));
    const metrics = await screen.findByTestId('alarm-metrics');
    await waitFor(() =>
      expect(within(metrics).getByText('进料泵振动高 Pump P-101A high vibration')).toBeTruthy(),
    );
    expect(within(metrics).getByText('20.9')).toBeTruthy();
    expect(metricsList).toHaveBeenCalledWith(
      expect.objectContaining({
        startTime: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        current: 1,
        size: 10,
      }),
    );
  });
});
