import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import type { CrudApi } from '#src/api/crud';
import type { FlowRow } from '#src/api/flow';
import {
  type CrudColumn,
  type CrudOption,
  CrudPage,
  type CrudRowAction,
  READ_ONLY,
} from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import { useWorkChanged } from './changed';
import { datedApi } from './dated';
import { ProcessDialog } from './ProcessDialog';

const L = (key: string) => `work.${key}`;

type Kind = 'claim' | 'todo' | 'send' | 'done';

/** The time each list filters on (the server's beginDate/endDate): arrival, start of the process, completion. */
const DATED: Record<Kind, 'createTime' | 'startTime' | 'endTime'> = {
  claim: 'createTime',
  todo: 'createTime',
  send: 'startTime',
  done: 'endTime',
};

const finished = (row: FlowRow) => (
  <Tag color={row.processIsFinished === 'finished' ? 'green' : 'blue'}>
    {i18n.t(L(row.processIsFinished === 'finished' ? 'finished' : 'unfinished'))}
  </Tag>
);

/**
 * One of the 我的事务 lists (待签, 待办, 已发, 办结): the task or instance rows of `api`, a details dialog on each
 * row, and the list's own action (`actions`, e.g. 签收 or 办理 which opens the dialog to handle the task). The
 * search bar takes a date range on the list's time column.
 */
export function WorkList({
  kind,
  api,
  actions = [],
  viewCode,
  handleCode,
}: {
  kind: Kind;
  api: CrudApi<FlowRow>;
  actions?: CrudRowAction<FlowRow>[];
  viewCode: string;
  handleCode?: string;
}) {
  const changed = useWorkChanged();
  const [open, setOpen] = useState<{ row: FlowRow; handle: boolean } | null>(null);
  const option = useMemo<CrudOption<FlowRow>>(() => {
    // A time column; the list's own time (DATED) is also the search bar's date range.
    const time = (prop: (typeof DATED)[Kind]): CrudColumn<FlowRow> => ({
      prop,
      label: L(prop),
      width: 170,
      ...(prop === DATED[kind] ? { search: true, searchRange: true } : {}),
    });
    const columns: CrudColumn<FlowRow>[] = [
      { prop: 'processInstanceId', label: 'flow.processInstanceId', width: 190 },
      { prop: 'processDefinitionName', label: L('processName'), width: 180 },
      { prop: 'taskName', label: L('taskName'), width: 160 },
      { prop: 'startUserName', label: L('startUser'), width: 120 },
      time(kind === 'send' ? 'startTime' : 'createTime'),
    ];
    if (kind === 'done') columns.push(time('endTime'));
    if (kind === 'send' || kind === 'done')
      columns.push({
        prop: 'processIsFinished',
        label: L('processIsFinished'),
        width: 110,
        render: finished,
      });
    const rowActions: CrudRowAction<FlowRow>[] = [...actions];
    if (handleCode)
      rowActions.push({
        key: 'handle',
        code: handleCode,
        label: L('handle'),
        onClick: (row) => setOpen({ row, handle: true }),
      });
    rowActions.push({
      key: 'detail',
      code: viewCode,
      label: L('detail'),
      onClick: (row) => setOpen({ row, handle: false }),
    });
    return {
      name: `work-${kind}`,
      rowKey: kind === 'send' ? 'processInstanceId' : 'taskId',
      permissions: {},
      ...READ_ONLY,
      columns,
      rowActions,
    };
  }, [kind, actions, viewCode, handleCode]);
  const filtered = useMemo(() => datedApi(api, DATED[kind]), [api, kind]);
  return (
    <>
      <CrudPage option={option} api={filtered} />
      {open && (
        <ProcessDialog row={open.row} handle={open.handle} onClose={() => setOpen(null)} onDone={changed} />
      )}
    </>
  );
}
