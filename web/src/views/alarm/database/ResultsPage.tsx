import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { deviceSelectQuery, levelSelectQuery, type ResultRead, resultApi } from '#src/api/alarm';
import { download } from '#src/api/download';
import { type CrudOption, CrudPage, READ_ONLY } from '#src/components/CrudPage';
import { AffirmTag, AlarmDetailDialog, formatValue, RemoveTag } from '../AlarmDetail';
import { LevelName, PointName } from '../LevelName';

const L = (key: string) => `alarm.${key}`;

/** The export of one event's results, named `<event name>结果.xlsx` by the server (spec §9). */
export function exportReport(row: ResultRead) {
  return download('/alarm/result/exportReport', {
    params: { id: row.eventId },
    filename: `${row.eventName}结果.xlsx`,
  });
}

/** Alarm results (history) with filters by time, level, status and device; a row opens the event detail. */
export function ResultsPage({
  name,
  viewCode,
  exportCode,
}: {
  name: string;
  viewCode: string;
  exportCode: string;
}) {
  const [opened, setOpened] = useState<ResultRead | null>(null);
  const option = useMemo<CrudOption<ResultRead>>(
    () => ({
      name,
      urlState: true,
      permissions: {},
      ...READ_ONLY,
      rowActions: [
        {
          key: 'detail',
          code: viewCode,
          label: 'alarm.detail',
          icon: <EyeOutlined />,
          onClick: (row) => setOpened(row),
        },
        {
          key: 'export',
          code: exportCode,
          label: 'alarm.export',
          icon: <DownloadOutlined />,
          onClick: exportReport,
        },
      ],
      columns: [
        { prop: 'eventName', label: L('name'), overHidden: true },
        {
          prop: 'levelName',
          label: L('level'),
          width: 90,
          render: (row) => <LevelName name={row.levelName} />,
        },
        {
          prop: 'levelId',
          label: L('level'),
          type: 'select',
          dicQuery: levelSelectQuery,
          props: { label: 'name', value: 'id' },
          search: true,
          hide: true,
        },
        { prop: 'deviceName', label: L('device'), width: 150 },
        {
          prop: 'deviceId',
          label: L('device'),
          type: 'select',
          dicQuery: deviceSelectQuery,
          props: { label: 'name', value: 'id' },
          search: true,
          hide: true,
        },
        {
          prop: 'pointName',
          label: L('point'),
          width: 150,
          render: (row) => <PointName name={row.pointName} />,
        },
        {
          prop: 'firstTime',
          label: L('firstTime'),
          type: 'datetime',
          searchRange: true,
          search: true,
          width: 170,
        },
        {
          prop: 'removeStatus',
          label: L('removeStatus'),
          type: 'select',
          search: true,
          dicData: [
            { label: L('removed'), value: '1' },
            { label: L('notRemoved'), value: '0' },
          ],
          render: (row) => <RemoveTag status={row.removeStatus} />,
          width: 100,
        },
        { prop: 'keepTime', label: L('keepTime'), width: 110 },
        {
          prop: 'affirmStatus',
          label: L('affirmStatus'),
          type: 'select',
          search: true,
          dicData: [
            { label: L('affirmed'), value: '1' },
            { label: L('notAffirmed'), value: '0' },
          ],
          render: (row) => <AffirmTag status={row.affirmStatus} />,
          width: 100,
        },
        { prop: 'affirmPerson', label: L('affirmPerson'), width: 100 },
        { prop: 'frequency', label: L('frequency'), width: 80, sortable: true },
        { prop: 'peakValue', label: L('peakValue'), width: 90, render: (row) => formatValue(row.peakValue) },
        { prop: 'batch', label: L('batch'), width: 70 },
      ],
    }),
    [name, viewCode, exportCode],
  );
  return (
    <>
      <CrudPage option={option} api={resultApi} />
      {opened && (
        <AlarmDetailDialog eventId={opened.eventId} batch={opened.batch} onClose={() => setOpened(null)} />
      )}
    </>
  );
}
