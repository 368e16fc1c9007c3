import { ApiOutlined } from '@ant-design/icons';
import { Tabs, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { type PointSource, SOURCE_TYPES, sourceApi } from '#src/api/deviceAdmin';
import { COLLECTED_TYPES } from '#src/api/deviceCollect';
import { type CrudColumn, type CrudFieldProps, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import { isJsonObject } from './CollectGroups';
import {
  ConnectionTestField,
  DEFAULTS,
  parseSettings,
  SettingsEditor,
  type SourceKind,
  type SourceRow,
  settingsRule,
} from './SourceSettings';
import { SourceCounters, SourceState, testSource, useSourceStatus, useSourceStatuses } from './SourceStatus';

const L = (key: string) => `device.datapoint.${key}`;
const CRUD = {
  add: 'datapoint_add',
  edit: 'datapoint_edit',
  view: 'datapoint_view',
  delete: 'datapoint_delete',
};
const KINDS: SourceKind[] = ['mqtt', 'opcua', 'modbus', 'http'];
const TAB_LABELS: Record<SourceKind, string> = {
  mqtt: 'MQTT',
  opcua: 'OPC UA',
  modbus: 'Modbus',
  http: 'HTTP',
};

const jsonRule: Rule = {
  validator: async (_, value) => {
    if (!isJsonObject(value)) throw new Error(i18n.t(L('jsonInvalid')));
  },
};

const dash = <Typography.Text type="secondary">-</Typography.Text>;
const setting = (row: PointSource, key: string) => {
  const value = parseSettings(row.config)[key];
  return value === undefined || value === '' ? undefined : String(value);
};

/** Where each type's source connects, as its table column shows it. */
const WHERE: Record<SourceKind, (row: PointSource) => string | undefined> = {
  mqtt: (row) => [setting(row, 'url'), setting(row, 'topic')].filter(Boolean).join('  ') || undefined,
  opcua: (row) =>
    [setting(row, 'endpoint'), setting(row, 'securityPolicy') ?? 'None'].filter(Boolean).join('  '),
  modbus: (row) => {
    const s = parseSettings(row.config);
    const unit = `#${s.unitId ?? 1}`;
    if (s.transport === 'rtu')
      return `RTU ${s.serialPort ?? ''} ${s.baudRate ?? 9600} ${s.dataBits ?? 8}${s.parity ?? 'N'}${s.stopBits ?? 1} ${unit}`;
    const framing = s.transport === 'rtu-over-tcp' ? 'RTU/TCP' : 'TCP';
    return `${framing} ${s.host ?? '127.0.0.1'}:${s.port ?? 502} ${unit}`;
  },
  http: () => undefined,
};

function LastValue({ sourceId }: { sourceId: string }) {
  const status = useSourceStatus(sourceId);
  return status?.lastValueTime ? (
    <span data-last-value>{new Date(status.lastValueTime).toLocaleString()}</span>
  ) : (
    dash
  );
}

function typeOption(kind: SourceKind): CrudOption<SourceRow> {
  const settings = (props: CrudFieldProps<SourceRow>) => <SettingsEditor {...props} kind={kind} />;
  const test = (props: CrudFieldProps<SourceRow>) => <ConnectionTestField {...props} kind={kind} />;
  const columns: CrudColumn<SourceRow>[] = [
    { prop: 'name', label: L('sourceName'), search: true, required: true, rules: [{ max: 128 }] },
    { prop: 'code', label: L('sourceCode'), search: true, required: true, rules: [{ max: 64 }] },
    {
      prop: 'id',
      label: L('sourceState'),
      display: false,
      width: 110,
      render: (row) => <SourceState sourceId={row.id} type={kind} />,
    },
    {
      prop: 'status',
      label: L('sourceCounters'),
      display: false,
      width: 220,
      render: (row) => <SourceCounters sourceId={row.id} />,
    },
    kind === 'http'
      ? {
          prop: 'config',
          label: L('lastValueTime'),
          display: false,
          width: 170,
          render: (row) => <LastValue sourceId={row.id} />,
        }
      : {
          prop: 'config',
          label: L(`where_${kind}`),
          display: false,
          overHidden: true,
          render: (row) => WHERE[kind](row) ?? dash,
        },
    {
      prop: 'config',
      label: L('sourceSettings'),
      hide: true,
      span: 24,
      value: JSON.stringify(DEFAULTS[kind]),
      rules: [jsonRule, settingsRule(kind)],
      formComponent: settings,
    },
  ];
  if (kind !== 'http')
    columns.push({
      prop: 'connectionTest',
      label: L('connectionTest'),
      hide: true,
      span: 24,
      formComponent: test,
    });
  columns.push({ prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true });
  return {
    name: `datapoint-source-${kind}`,
    permissions: CRUD,
    viewBtn: false,
    dialogWidth: 820,
    invalidates: ['datapoint-source'],
    columns,
    beforeSubmit: (values) => {
      const { connectionTest: _, ...body } = values;
      return { ...body, type: kind };
    },
    rowActions: [
      ...(kind === 'http'
        ? []
        : [
            {
              key: 'test',
              code: CRUD.edit,
              label: L('testConnection'),
              icon: <ApiOutlined />,
              onClick: (row: SourceRow) => testSource(row),
            },
          ]),
    ],
  };
}

const OPTIONS = Object.fromEntries(KINDS.map((kind) => [kind, typeOption(kind)])) as Record<
  SourceKind,
  CrudOption<SourceRow>
>;

/** Every source whatever its type (manual, calculated, ...), its settings as JSON. */
const allOption: CrudOption<PointSource> = {
  name: 'datapoint-source',
  permissions: CRUD,
  viewBtn: false,
  dialogWidth: 760,
  invalidates: KINDS.map((kind) => `datapoint-source-${kind}`),
  columns: [
    {
      prop: 'type',
      label: L('sourceType'),
      type: 'select',
      dicData: SOURCE_TYPES.map((value) => ({ value, label: value })),
      search: true,
      required: true,
      width: 100,
    },
    { prop: 'name', label: L('sourceName'), required: true, rules: [{ max: 128 }] },
    { prop: 'code', label: L('sourceCode'), required: true, rules: [{ max: 64 }] },
    {
      prop: 'id',
      label: L('sourceState'),
      display: false,
      width: 120,
      render: (row) => <SourceState sourceId={row.id} type={row.type} />,
    },
    {
      prop: 'status',
      label: L('sourceCounters'),
      display: false,
      width: 220,
      render: (row) => <SourceCounters sourceId={row.id} />,
    },
    {
      prop: 'config',
      label: L('sourceConfig'),
      type: 'textarea',
      span: 24,
      rules: [jsonRule],
      tip: L('sourceConfigTip'),
      overHidden: true,
    },
    { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
  ],
  rowActions: [
    {
      key: 'test',
      code: CRUD.edit,
      label: L('testConnection'),
      icon: <ApiOutlined />,
      show: (row) => COLLECTED_TYPES.includes(row.type),
      onClick: (row) => testSource(row),
    },
  ],
};

/** 点位来源 (data-point-source): one tab per source type (MQTT / OPC UA / Modbus / HTTP) with the type's own
 * settings, columns, live state and counters, and the connection test in the dialog; a last tab lists every
 * source (manual, calculated and any other type) with its settings as JSON. */
export function PointSources() {
  const { t } = useTranslation();
  useSourceStatuses(); // the state and counter cells of every tab read it
  return (
    <Tabs
      destroyOnHidden
      size="small"
      data-source-tabs
      items={[
        ...KINDS.map((kind) => ({
          key: kind,
          label: TAB_LABELS[kind],
          children: <CrudPage option={OPTIONS[kind]} api={sourceApi} query={{ type: kind }} />,
        })),
        {
          key: 'all',
          label: t(L('tabAllSources')),
          children: <CrudPage option={allOption} api={sourceApi} />,
        },
      ]}
    />
  );
}
