import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CrudApi } from '#src/api/crud';
import type { FlowRow } from '#src/api/flow';
import { renderWithProviders } from '#src/test/render';
import { translateModule } from '../model/translations';
import { useWorkChanged } from './changed';
import { datedApi } from './dated';
import { BusinessForm, History } from './ProcessDialog';
import { WorkList } from './WorkList';

function fakeApi(): CrudApi<FlowRow> {
  const page = { records: [], total: 0, size: 10, current: 1, pages: 0 };
  return {
    list: vi.fn(async () => page),
    detail: vi.fn(),
    submit: vi.fn(),
    remove: vi.fn(),
  } as unknown as CrudApi<FlowRow>;
}

const lastQuery = (api: CrudApi<FlowRow>) => (api.list as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[0];

// The range picker is a lazy chunk: loaded before the tests' clocks start (as in CrudPage's URL test). The tests
// that drive it allow a loaded machine a minute (antd's picker in jsdom took 13 s at a load average of 20).
const PICKER = 60_000;
beforeAll(async () => {
  await import('antd/es/date-picker');
}, 60_000);

describe('date filters of the work lists', () => {
  it("send the search bar's range as beginDate / endDate, and nothing for an open end", async () => {
    const api = fakeApi();
    const dated = datedApi(api, 'endTime');
    await dated.list({ endTime_datege: '2026-12-01 00:00:00', endTime_datele: '', current: 1, size: 10 });
    expect(lastQuery(api)).toEqual({ beginDate: '2026-12-01 00:00:00', current: 1, size: 10 });
  });

  it(
    '办结事务 filters on the completion time picked in its search bar',
    async () => {
      const api = fakeApi();
      renderWithProviders(<WorkList kind="done" api={api} viewCode="done_view" />);
      await waitFor(() => expect(lastQuery(api)).toEqual({ current: 1, size: 10 }));
      const search = document.querySelector('.pd-crud-search') as HTMLElement;
      expect(search.textContent).toContain('办结时间'); // the range is on the list's own time column
      const [from, to] = await screen.findAllByPlaceholderText(/开始时间|结束时间/, {}, { timeout: 15_000 });
      // typed at once: a character at a time took most of the test's time on a loaded machine
      const typing = userEvent.setup({ delay: null });
      await typing.click(from);
      await typing.type(from, '2026-12-01 08:00:00{Enter}');
      await typing.type(to, '2026-12-05 18:00:00{Enter}');
      await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
      await waitFor(() =>
        expect(lastQuery(api)).toEqual({
          beginDate: '2026-12-01 08:00:00',
          endDate: '2026-12-05 18:00:00',
          current: 1,
          size: 10,
        }),
      );
    },
    PICKER,
  );

  it(
    'takes whole days when the days are clicked: the end day ends at 23:59:59',
    async () => {
      const api = fakeApi();
      renderWithProviders(<WorkList kind="todo" api={api} viewCode="todo_view" />);
      const [from] = await screen.findAllByPlaceholderText(/开始时间|结束时间/, {}, { timeout: 15_000 });
      await userEvent.click(from);
      const day = (n: number) => document.querySelectorAll<HTMLElement>('.ant-picker-cell-in-view')[n];
      const ok = () => userEvent.click(screen.getByRole('button', { name: /确\s*定|ok/i }));
      await userEvent.click(day(0));
      await ok();
      await userEvent.click(day(1));
      await ok();
      await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
      await waitFor(() => expect(lastQuery(api).endDate).toMatch(/^\d{4}-\d{2}-02 23:59:59$/));
      expect(lastQuery(api).beginDate).toMatch(/^\d{4}-\d{2}-01 00:00:00$/);
    },
    PICKER,
  );
});

describe('one step, every work list', () => {
  function Step() {
    const changed = useWorkChanged();
    return (
      <button type="button" onClick={changed}>
        step
      </button>
    );
  }

  it('refetches the other open lists (their tabs stay open) after a claim, completion or start', async () => {
    const todo = fakeApi();
    const done = fakeApi();
    renderWithProviders(
      <>
        <WorkList kind="todo" api={todo} viewCode="todo_view" />
        <WorkList kind="done" api={done} viewCode="done_view" />
        <Step />
      </>,
    );
    await waitFor(() => expect(done.list).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'step' }));
    await waitFor(() => expect(done.list).toHaveBeenCalledTimes(2));
    expect(todo.list).toHaveBeenCalledTimes(2);
  });
});

describe('designer labels', () => {
  const translate = (lang: string) => translateModule(lang).translate[1] as (t: string, r?: object) => string;
  it('speaks Chinese when the console does, and fills placeholders', () => {
    expect(translate('zh')('Create task')).toBe('创建任务');
    expect(translate('en')('Create task')).toBe('Create task');
    expect(translate('zh')('Unknown {name}', { name: 'x' })).toBe('Unknown x');
  });
});

describe('process history', () => {
  it('shows each step with its result and comment', () => {
    renderWithProviders(
      <History
        rows={[
          {
            historyActivityId: 'start',
            historyActivityName: '发起流程',
            assignee: 'taskUser_1',
            assigneeName: '刘洋',
            candidateNames: [],
            createTime: '2026-12-01 09:00:00',
            endTime: '2026-12-01 09:00:00',
            historyActivityDurationTime: null,
            comment: null,
            passed: null,
          },
          {
            historyActivityId: 'managerApproval',
            historyActivityName: '部门经理审批',
            assignee: 'taskUser_2',
            assigneeName: '张伟',
            candidateNames: [],
            createTime: '2026-12-01 09:00:00',
            endTime: '2026-12-01 10:00:00',
            historyActivityDurationTime: '1小时0分0秒',
            comment: '请补充交接安排',
            passed: 0,
          },
          {
            historyActivityId: 'hrApproval',
            historyActivityName: '人事审批',
            assignee: null,
            assigneeName: null,
            candidateNames: ['孙丽', 'HR'],
            createTime: '2026-12-01 10:00:00',
            endTime: null,
            historyActivityDurationTime: null,
            comment: null,
            passed: null,
          },
        ]}
      />,
    );
    expect(screen.getByText('刘洋')).toBeTruthy();
    expect(screen.getByText('请补充交接安排')).toBeTruthy();
    expect(screen.getByText('驳回')).toBeTruthy();
    expect(screen.getByText('1小时0分0秒')).toBeTruthy();
    expect(screen.getByText('待签收: 孙丽, HR')).toBeTruthy(); // the pending step names who may claim it
  });

  it('says when a process has no business form', () => {
    renderWithProviders(<BusinessForm row={{ businessTable: null, businessId: null }} />);
    expect(screen.getByText('该流程没有业务表单')).toBeTruthy();
  });
});
