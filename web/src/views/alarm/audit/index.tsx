import { useMemo } from 'react';
import { type TrailRead, trailApi } from '#src/api/alarm';
import { type CrudOption, CrudPage, READ_ONLY } from '#src/components/CrudPage';
import { formatValue } from '../AlarmDetail';

const L = (key: string) => `alarm.${key}`;
const ACTIONS = ['raised', 'retriggered', 'acknowledged', 'cleared'];

/** 审计追踪 (/alarm/audit): one row per transition of every alarm (raised, raised again, confirmed, cleared). */
export default function AlarmAuditPage() {
  const option = useMemo<CrudOption<TrailRead>>(
    () => ({
      name: 'alarm-trail',
      permissions: {},
      urlState: true,
      ...READ_ONLY,
      columns: [
        {
          prop: 'createTime',
          label: L('time'),
          type: 'datetime',
          search: true,
          searchRange: true,
          width: 170,
        },
        { prop: 'eventName', label: L('name'), overHidden: true },
        { prop: 'batch', label: L('batch'), width: 70 },
        {
          prop: 'action',
          label: L('action'),
          type: 'select',
          search: true,
          dicData: ACTIONS.map((a) => ({ label: L(`action_${a}`), value: a })),
          width: 110,
        },
        { prop: 'value', label: L('value'), width: 90, render: (row) => formatValue(row.value) },
        { prop: 'person', label: L('person'), search: true, width: 110 },
        { prop: 'remark', label: L('affirmReason'), overHidden: true },
      ],
    }),
    [],
  );
  return <CrudPage option={option} api={trailApi} />;
}
