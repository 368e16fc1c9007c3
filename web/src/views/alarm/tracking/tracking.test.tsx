import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '#src/app/stores/session';
import { renderWithProviders } from '#src/test/render';

const source = {
  id: '11',
  name: 'MES production database',
  system: 'MES',
  dbType: 'mysql',
  host: '127.0.0.1',
  port: 3306,
  database: 'plantdesk_mes',
  username: 'plantdesk_reader',
  passwordSet: true,
  sort: 1,
  remark: null,
};
const api = {
  fetchTree: vi.fn(),
  fetchTables: vi.fn(),
  fetchMetrics: vi.fn(),
  checkMetrics: vi.fn(),
  saveSource: vi.fn(),
  testServer: vi.fn(),
  fetchMetricTables: vi.fn(),
  fetchMetricColumns: vi.fn(),
  saveMetric: vi.fn(),
};
vi.mock('#src/api/alarmTracking', async (original) => ({
  ...(await original<object>()),
  fetchTree: () => api.fetchTree(),
  fetchTables: (id: string) => api.fetchTables(id),
  fetchMetrics: (id: string) => api.fetchMetrics(id),
  checkMetrics: (ids: string[]) => api.checkMetrics(ids),
  saveSource: (body: unknown) => api.saveSource(body),
  testServer: (body: unknown) => api.testServer(body),
  fetchMetricTables: (id: string) => api.fetchMetricTables(id),
  fetchMetricColumns: (id: string, table: string) => api.fetchMetricColumns(id, table),
  saveMetric: (body: unknown) => api.saveMetric(body),
}));
vi.mock('#src/api/alarm', async (original) => ({
  ...(await original<object>()),
  levelSelectQuery: { queryKey: ['levels'], queryFn: async () => [{ id: '3', name: 'Serious' }] },
  groupSelectQuery: { queryKey: ['groups'], queryFn: async () => [] },
  cycleSelectQuery: { queryKey: ['cycles'], queryFn: async () => [] },
}));

const { default: AlarmTrackingPage } = await import('./index');

describe('alarm tracking', () => {
  beforeEach(() => {
    for (const fn of Object.values(api)) fn.mockReset();
    api.fetchTree.mockResolvedValue([
      {
        id: 'MES',
        name: 'MES',
        system: 'MES',
        children: [{ id: '11', name: source.name, system: 'MES', source }],
      },
      { id: 'OA', name: 'OA', system: 'OA', children: [] },
      { id: 'QMS', name: 'QMS', system: 'QMS', children: [] },
      { id: 'SCADA', name: 'SCADA', system: 'SCADA', children: [] },
    ]);
    api.fetchTables.mockResolvedValue([
      { tableName: 'production_report', published: true, timeColumn: 'reported_at' },
      { tableName: 'work_order', published: false, timeColumn: null },
    ]);
    api.fetchMetrics.mockResolvedValue([
      {
        id: '21',
        name: 'Line 2 scrap in the last 5 minutes',
        rules: 'production_report · SUM(scrap_qty) > 20; SIMPLE; hysteresis 2',
        levelName: 'Serious',
        lastValue: 36,
        lastCheckTime: '2026-11-24 07:00:00',
        lastError: null,
        openCount: 1,
        enabled: 1,
      },
    ]);
    useSession.setState({ permissions: { tracking_add: true, tracking_edit: true, tracking_delete: true } });
  });

  it('groups the sources by system and shows a source’s tables and metrics', async () => {
    renderWithProviders(<AlarmTrackingPage />);
    for (const system of ['MES', 'OA', 'QMS', 'SCADA']) expect(await screen.findByText(system)).toBeTruthy();
    fireEvent.click(await screen.findByText(source.name));
    expect(await screen.findByText('production_report')).toBeTruthy();
    expect(screen.getByText('mysql://127.0.0.1:3306/plantdesk_mes')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '指标' }));
    const row = (await screen.findByText('Line 2 scrap in the last 5 minutes')).closest('tr') as HTMLElement;
    expect(within(row).getByText('36')).toBeTruthy();
    api.checkMetrics.mockResolvedValue([{ metricId: '21', name: 'x', value: 37, error: null, open: true }]);
    fireEvent.click(screen.getByRole('button', { name: '立即检测' }));
    await waitFor(() => expect(api.checkMetrics).toHaveBeenCalledWith(['21']));
  });

  it('tests a new source’s connection before saving it', async () => {
    api.testServer.mockResolvedValue({ version: '10.11.19-MariaDB', database: 'oa', tables: 4 });
    renderWithProviders(<AlarmTrackingPage />);
    fireEvent.click(await screen.findByRole('button', { name: '新增数据源' }));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: 'OA workflow' } });
    fireEvent.change(within(form).getByLabelText('主机'), { target: { value: 'oa.plant.example' } });
    fireEvent.change(within(form).getByLabelText('数据库'), { target: { value: 'oa' } });
    fireEvent.click(within(form).getByRole('button', { name: '测试连接' }));
    await waitFor(() =>
      expect(api.testServer).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'OA workflow', dbType: 'mysql', port: 3306, system: 'MES' }),
      ),
    );
    expect(await screen.findByText('连接成功: 10.11.19-MariaDB, 4 张表')).toBeTruthy();
  });

  it('edits a metric: a row count needs no value column, and the source and filters are sent', async () => {
    api.fetchMetricTables.mockResolvedValue([{ tableName: 'production_report', published: true }]);
    api.fetchMetricColumns.mockResolvedValue([
      { name: 'scrap_qty', type: 'INTEGER', numeric: true, temporal: false },
      { name: 'reported_at', type: 'DATETIME', numeric: false, temporal: true },
      { name: 'line', type: 'VARCHAR(16)', numeric: false, temporal: false },
    ]);
    api.saveMetric.mockResolvedValue({ id: '21' });
    api.fetchMetrics.mockResolvedValue([
      {
        id: '21',
        name: 'Line 2 scrap',
        sourceId: '11',
        tableName: 'production_report',
        aggregate: 'COUNT',
        valueColumn: null,
        timeColumn: 'reported_at',
        windowSeconds: 300,
        filters: [{ column: 'line', op: 'eq', value: 'L2' }],
        kind: 'THRESHOLD',
        operator: 'gt',
        threshold: 5,
        mode: 'SIMPLE',
        enabled: 1,
        rules: 'production_report · COUNT(*) > 5',
        openCount: 0,
      },
    ]);
    renderWithProviders(<AlarmTrackingPage />);
    fireEvent.click(await screen.findByText(source.name));
    fireEvent.click(await screen.findByRole('tab', { name: '指标' }));
    const row = (await screen.findByText('Line 2 scrap')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const form = await screen.findByRole('dialog');
    await waitFor(() => expect(api.fetchMetricColumns).toHaveBeenCalledWith('11', 'production_report'));
    expect(
      within(form).getByLabelText('数值字段').closest('.ant-select')?.className.includes('disabled'),
    ).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.saveMetric).toHaveBeenCalledWith(
        expect.objectContaining({
          id: '21',
          sourceId: '11',
          aggregate: 'COUNT',
          valueColumn: null,
          filters: [{ column: 'line', op: 'eq', value: 'L2' }],
          enabled: 1,
        }),
      ),
    );
  });
});
