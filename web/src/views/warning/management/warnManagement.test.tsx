import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '#src/app/stores/session';
import { renderWithProviders } from '#src/test/render';

const analysis = {
  mode: 'day',
  total: 12,
  meanConfirmMinutes: 8.25,
  meanClearMinutes: null,
  series: [
    { period: '2026-11-23', start: '2026-11-23 00:00:00', count: 12, cleared: 9, confirmed: 4, warned: 2 },
  ],
  topDevices: [{ key: '1', name: 'Boiler 1', count: 7 }],
  topEvents: [{ key: '2', name: 'Boiler 1 pressure high', count: 7 }],
  byLevel: [{ key: '3', name: 'Major', count: 12 }],
};
const fetchAnalysis = vi.fn();
const publishRecords = vi.fn();
vi.mock('#src/api/warning', async (original) => ({
  ...(await original<typeof import('#src/api/warning')>()),
  fetchAnalysis: (...args: unknown[]) => fetchAnalysis(...args),
  publishRecords: (...args: unknown[]) => publishRecords(...args),
  recordApi: { list: async () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 }) },
}));
vi.mock('./Chart', () => ({
  Chart: ({ testId }: { testId?: string }) => <div data-testid={testId ?? 'chart'} />,
}));

const { default: WarnManagementPage } = await import('./index');

describe('预警管理', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    fetchAnalysis.mockResolvedValue(analysis);
  });

  it('shows the figures of the period and publishes the chosen mode', async () => {
    useSession.getState().setAccount({ permissions: { warnManagement_publish: true } });
    publishRecords.mockResolvedValue({ msg: '发布成功', records: [{ id: '1' }, { id: '2' }] });
    renderWithProviders(
      <MemoryRouter>
        <WarnManagementPage />
      </MemoryRouter>,
    );
    const page = await screen.findByTestId('warn-management');
    const figure = (title: string) => within(page).getByText(title).closest('.ant-statistic')?.textContent;
    await waitFor(() => expect(figure('告警总数')).toBe('告警总数12'));
    expect(figure('平均确认时长(分钟)')).toBe('平均确认时长(分钟)8.3'); // a mean to one decimal
    expect(figure('平均解除时长(分钟)')).toBe('平均解除时长(分钟)-'); // no alarm cleared
    expect(figure('预警次数')).toBe('预警次数2'); // the warned records of the range
    expect(fetchAnalysis).toHaveBeenCalledWith(expect.objectContaining({ mode: 'day' }));

    fireEvent.click(within(page).getByText('按周'));
    await waitFor(() =>
      expect(fetchAnalysis).toHaveBeenLastCalledWith(expect.objectContaining({ mode: 'week' })),
    );

    fireEvent.click(within(page).getByRole('button', { name: /发\s*布/ }));
    const dialog = (await screen.findByText('发布预警记录')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(publishRecords).toHaveBeenCalledWith('week', undefined));
    expect(await screen.findByText('发布成功 · 已发布 2 条记录')).toBeTruthy();
  });

  it('offers no publish button without its code', async () => {
    useSession.getState().setAccount({ permissions: {} });
    renderWithProviders(
      <MemoryRouter>
        <WarnManagementPage />
      </MemoryRouter>,
    );
    const page = await screen.findByTestId('warn-management');
    await waitFor(() => expect(fetchAnalysis).toHaveBeenCalled());
    expect(within(page).queryByRole('button', { name: /发\s*布/ })).toBeNull();
  });
});
