import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#src/test/render';

const record = {
  id: '11',
  eventId: '7',
  eventName: '反应釜高温 Reactor R-101 high temperature',
  levelName: 'Critical',
  groupName: 'Operations shift',
  deviceName: '反应釜 Reactor R-101',
  pointName: '反应温度 Reactor temperature',
  batch: 1,
  firstTime: '2026-11-24 03:00:00',
  lastTime: '2026-11-24 03:01:00',
  removeStatus: '未解除',
  removeTime: null,
  keepTime: 1,
  affirmStatus: '未确认',
  affirmTime: null,
  affirmPerson: null,
  affirmReason: null,
  frequency: 1,
  frequencyContent: '1',
  intervalContent: 'SIMPLE',
  peakValue: 104,
  rules: '反应温度 Reactor temperature > 95; SIMPLE; hysteresis 2',
  cols: [
    { name: '时间', prop: 'createTime' },
    { name: '动作', prop: 'action' },
  ],
  rowData: [{ id: '1', createTime: '2026-11-24 03:00:00', action: 'raised' }],
};
const fetchAlarmRecord = vi.fn();
const affirmAlarms = vi.fn();
vi.mock('#src/api/alarm', async (original) => ({
  ...(await original<object>()),
  AFFIRMED: '已确认',
  REMOVED: '已解除',
  fetchAlarmRecord: (...args: unknown[]) => fetchAlarmRecord(...args),
  affirmAlarms: (...args: unknown[]) => affirmAlarms(...args),
}));

// The dialog's knowledge links (their own tests are EventKnowledge's): none, without a request.
vi.mock('#src/api/knowledge', async (original) => ({
  ...(await original<object>()),
  eventKnowledgeApi: { list: async () => [], set: async () => [] },
}));

const { AlarmDetailDialog } = await import('./AlarmDetail');

describe('alarm detail dialog', () => {
  beforeEach(() => {
    fetchAlarmRecord.mockReset();
    affirmAlarms.mockReset();
  });

  it('asks for each field of the confirmation form, then confirms and hides the button', async () => {
    fetchAlarmRecord.mockResolvedValueOnce(record).mockResolvedValue({
      ...record,
      affirmStatus: '已确认',
      affirmPerson: '张伟',
      affirmReason: 'checked',
    });
    affirmAlarms.mockResolvedValue('确认成功');
    renderWithProviders(<AlarmDetailDialog eventId="7" batch={1} onClose={() => undefined} />);
    const detail = await screen.findByTestId('alarm-detail');
    expect(within(detail).getByText('未确认')).toBeTruthy();
    expect(within(detail).getByText('未解除')).toBeTruthy();
    expect(within(detail).getByText('反应釜 Reactor R-101 / 反应温度 Reactor temperature')).toBeTruthy();
    expect(fetchAlarmRecord).toHaveBeenCalledWith('7', 1);

    fireEvent.click(screen.getByTestId('alarm-affirm'));
    const form = await screen.findByTestId('alarm-affirm-form');
    const dialog = form.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(form).findByText('请输入活动名称')).toBeTruthy();
    expect(within(form).getByText('请输入密码')).toBeTruthy();
    expect(within(form).getByText('请输入确认原因')).toBeTruthy();
    expect(affirmAlarms).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('账号'), { target: { value: 'zhangwei' } });
    fireEvent.change(within(form).getByLabelText('密码'), { target: { value: '123456' } });
    fireEvent.change(within(form).getByLabelText('确认原因'), { target: { value: 'checked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(affirmAlarms).toHaveBeenCalledWith(
        { userName: 'zhangwei', password: '123456', affirmReason: 'checked' },
        ['11'],
      ),
    );
    expect(await screen.findByText('确认成功')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('alarm-detail')).getByText('已确认')).toBeTruthy());
    expect(screen.queryByTestId('alarm-affirm')).toBeNull();
  });
});
