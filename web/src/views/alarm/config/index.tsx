import { useMemo } from 'react';
import {
  cycleSelectQuery,
  type EventRead,
  eventApi,
  groupSelectQuery,
  levelSelectQuery,
} from '#src/api/alarm';
import { lazyChunk } from '#src/app/registry';
import { type CrudColumn, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import { deviceQuery, pointQuery } from './points';

const PointPreview = lazyChunk(() => import('./PointPreview'));

import { LevelName } from '../LevelName';

const L = (key: string) => `alarm.${key}`;
const PERMISSIONS = { add: 'config_add', edit: 'config_edit', view: 'config_view', delete: 'config_delete' };
const KINDS = ['THRESHOLD', 'RANGE', 'RATE', 'NO_DATA', 'OFFLINE'];
const MODES = ['SIMPLE', 'DURATION', 'REPEATING'];
const OPERATORS = [
  { label: '>', value: 'gt' },
  { label: '≥', value: 'ge' },
  { label: '<', value: 'lt' },
  { label: '≤', value: 'le' },
];

/** A field shown only for some rule kinds or modes (the rule editor per kind). */
const when =
  (field: 'kind' | 'mode', values: string[]) =>
  (column: CrudColumn<EventRead>): CrudColumn<EventRead> => ({
    ...column,
    rules: [
      ({ getFieldValue }) => ({
        validator: async (_: unknown, value: unknown) => {
          if (
            values.includes(getFieldValue(field)) &&
            (value === undefined || value === null || value === '')
          ) {
            throw new Error(i18n.t(column.label));
          }
        },
      }),
    ],
  });

/**
 * 事件配置 (/alarm/config): alarm events, each a rule on one data point: threshold, range, rate of change or
 * no data; or the built-in device-offline rule on a device (raised when it stops reporting, cleared when back); at once, for a duration or so many times in a row; cleared past the hysteresis after the clear delay.
 */
export default function AlarmConfigPage() {
  const option = useMemo<CrudOption<EventRead>>(
    () => ({
      name: 'alarm-event',
      urlState: true,
      permissions: PERMISSIONS,
      dialogWidth: 860,
      columns: [
        { prop: 'name', label: L('name'), search: true, required: true, rules: [{ max: 128 }], span: 24 },
        when('kind', ['THRESHOLD', 'RANGE', 'RATE', 'NO_DATA'])({
          prop: 'pointId',
          label: L('point'),
          type: 'select',
          dicQuery: pointQuery,
          hide: true,
          span: 24,
          formComponent: PointPreview,
        }),
        when('kind', ['OFFLINE'])({
          prop: 'deviceId',
          label: L('device'),
          type: 'select',
          dicQuery: deviceQuery,
          props: { label: 'name', value: 'id' },
          hide: true,
          span: 24,
          tip: L('tipOffline'),
        }),
        { prop: 'deviceName', label: L('device'), display: false, width: 160 },
        { prop: 'pointName', label: L('point'), display: false, width: 160 },
        {
          prop: 'levelId',
          label: L('level'),
          type: 'select',
          dicQuery: levelSelectQuery,
          props: { label: 'name', value: 'id' },
          search: true,
          hide: true,
        },
        {
          prop: 'levelName',
          label: L('level'),
          display: false,
          width: 100,
          render: (row) => <LevelName name={row.levelName} />,
        },
        {
          prop: 'groupId',
          label: L('group'),
          type: 'select',
          dicQuery: groupSelectQuery,
          props: { label: 'name', value: 'id' },
          hide: true,
        },
        {
          prop: 'timeCycleId',
          label: L('timeCycle'),
          type: 'select',
          dicQuery: cycleSelectQuery,
          props: { label: 'name', value: 'id' },
          hide: true,
        },
        {
          prop: 'kind',
          label: L('kind'),
          type: 'select',
          dicData: KINDS.map((k) => ({ label: L(`kind_${k}`), value: k })),
          value: 'THRESHOLD',
          required: true,
          search: true,
          width: 110,
        },
        {
          prop: 'mode',
          label: L('mode'),
          type: 'select',
          dicData: MODES.map((m) => ({ label: L(`mode_${m}`), value: m })),
          value: 'SIMPLE',
          required: true,
          width: 90,
        },
        {
          prop: 'operator',
          label: L('operator'),
          type: 'select',
          dicData: OPERATORS,
          value: 'gt',
          hide: true,
        },
        when('kind', ['THRESHOLD', 'RATE'])({
          prop: 'threshold',
          label: L('threshold'),
          type: 'number',
          hide: true,
        }),
        { prop: 'low', label: L('low'), type: 'number', hide: true, tip: L('tipRange') },
        { prop: 'high', label: L('high'), type: 'number', hide: true, tip: L('tipRange') },
        when('mode', ['DURATION'])({
          prop: 'durationSeconds',
          label: L('durationSeconds'),
          type: 'number',
          hide: true,
          tip: L('tipDuration'),
        }),
        {
          prop: 'repeatCount',
          label: L('repeatCount'),
          type: 'number',
          value: 1,
          hide: true,
          tip: L('tipRepeat'),
        },
        when('kind', ['NO_DATA'])({
          prop: 'noDataSeconds',
          label: L('noDataSeconds'),
          type: 'number',
          hide: true,
          tip: L('tipNoData'),
        }),
        {
          prop: 'hysteresis',
          label: L('hysteresis'),
          type: 'number',
          value: 0,
          hide: true,
          tip: L('tipHysteresis'),
        },
        { prop: 'clearSeconds', label: L('clearSeconds'), type: 'number', value: 0, hide: true },
        { prop: 'enabled', label: L('enabled'), type: 'switch', value: 1, width: 80 },
        { prop: 'rules', label: L('rules'), display: false, overHidden: true },
        { prop: 'openCount', label: L('openCount'), display: false, width: 80 },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
      ],
    }),
    [],
  );
  return <CrudPage option={option} api={eventApi} />;
}
