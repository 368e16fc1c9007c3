import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render';
import { translateModule } from '../flow/model/translations';
import { BusinessForm, History } from './ProcessDialog';

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
            createTime: '2026-12-01 09:00:00',
            endTime: '2026-12-01 10:00:00',
            historyActivityDurationTime: '1小时0分0秒',
            comment: '请补充交接安排',
            passed: 0,
          },
        ]}
      />,
    );
    expect(screen.getByText('刘洋')).toBeTruthy();
    expect(screen.getByText('请补充交接安排')).toBeTruthy();
    expect(screen.getByText('驳回')).toBeTruthy();
    expect(screen.getByText('1小时0分0秒')).toBeTruthy();
  });

  it('says when a process has no business form', () => {
    renderWithProviders(<BusinessForm row={{ businessTable: null, businessId: null }} />);
    expect(screen.getByText('该流程没有业务表单')).toBeTruthy();
  });
});
