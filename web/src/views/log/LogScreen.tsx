import { Descriptions, Drawer, Form, Input, Spin, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLog, type LogFilter, type LogKind, type LogRow, logApi, logExport } from '#src/api/logAdmin';
import { type CrudColumn, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { ExportButton } from '#src/components/ExportButton';
import { useActingTenant } from '#src/components/TenantSelect';
import { i18n } from '#src/i18n';
import { LogFilterBar } from './FilterBar';

/** JSON text shown indented (params, log data); anything else as sent. */
export function pretty(text: string | undefined | null): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const L = (key: string) => `monitor.log.${key}`;

const COMMON: CrudColumn<LogRow>[] = [
  { prop: 'serviceId', label: L('serviceId'), width: 130 },
  { prop: 'serverHost', label: L('serverHost'), width: 150, overHidden: true },
];

/** The table columns of each log (the detail drawer shows every field). */
export const LOG_COLUMNS: Record<LogKind, CrudColumn<LogRow>[]> = {
  usual: [
    ...COMMON,
    {
      prop: 'logLevel',
      label: L('logLevel'),
      width: 90,
      render: (row) => (row.logLevel ? <Tag color={levelColor(row.logLevel)}>{row.logLevel}</Tag> : null),
    },
    { prop: 'logId', label: L('logId'), width: 110 },
    { prop: 'requestUri', label: L('requestUri'), width: 240, overHidden: true },
    { prop: 'createBy', label: L('createBy'), width: 110 },
    { prop: 'createTime', label: L('createTime'), width: 170, sortable: true },
  ],
  api: [
    ...COMMON,
    { prop: 'title', label: L('title'), width: 140, overHidden: true },
    { prop: 'method', label: L('method'), width: 80 },
    { prop: 'requestUri', label: L('requestUri'), width: 260, overHidden: true },
    { prop: 'createBy', label: L('createBy'), width: 110 },
    { prop: 'time', label: L('time'), width: 100 },
    { prop: 'createTime', label: L('createTime'), width: 170, sortable: true },
  ],
  error: [
    ...COMMON,
    { prop: 'exceptionName', label: L('exceptionName'), width: 200, overHidden: true },
    { prop: 'message', label: L('message'), width: 240, overHidden: true },
    { prop: 'requestUri', label: L('requestUri'), width: 220, overHidden: true },
    { prop: 'createBy', label: L('createBy'), width: 110 },
    { prop: 'createTime', label: L('createTime'), width: 170, sortable: true },
  ],
};

function levelColor(level: string) {
  const l = level.toLowerCase();
  if (l === 'error') return 'red';
  if (l.startsWith('warn')) return 'orange';
  return 'blue';
}

/** Every field of a log entry, in this order; code blocks for the long ones. */
const DETAIL_FIELDS: Record<LogKind, (keyof LogRow)[]> = {
  usual: ['logLevel', 'logId', 'logData'],
  api: ['type', 'title', 'time'],
  error: ['exceptionName', 'message', 'fileName', 'lineNumber', 'stackTrace'],
};
const BASE_FIELDS: (keyof LogRow)[] = [
  'id',
  'tenantId',
  'serviceId',
  'serverHost',
  'serverIp',
  'env',
  'method',
  'requestUri',
  'remoteIp',
  'userAgent',
  'methodClass',
  'methodName',
  'createBy',
  'createTime',
];
const BLOCKS = new Set<keyof LogRow>(['params', 'logData', 'stackTrace', 'userAgent']);

function LogDetail({
  kind,
  id,
  tenantId,
  onClose,
}: {
  kind: LogKind;
  id: string;
  tenantId?: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [row, setRow] = useState<LogRow | null>(null);
  useEffect(() => {
    let live = true;
    fetchLog(kind, id, tenantId)
      .then((r) => live && setRow(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [kind, id, tenantId]);
  const fields = [
    ...BASE_FIELDS.slice(0, 8),
    ...DETAIL_FIELDS[kind],
    ...BASE_FIELDS.slice(8),
    'params' as const,
  ];
  return (
    <Drawer
      open
      size="large"
      title={t('monitor.log.detail')}
      onClose={onClose}
      destroyOnHidden
      data-log-detail=""
    >
      {!row ? (
        <Spin />
      ) : (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={fields.map((field) => {
            const value = row[field];
            const text =
              field === 'logData' || field === 'params' ? pretty(value as string) : String(value ?? '');
            return {
              key: field,
              label: t(L(field)),
              children:
                BLOCKS.has(field) && text ? (
                  <pre
                    style={{
                      margin: 0,
                      maxHeight: 360,
                      overflow: 'auto',
                      whiteSpace: 'pre-wrap',
                      wordBreak: 'break-all',
                      fontSize: 12,
                    }}
                  >
                    {text}
                  </pre>
                ) : (
                  text
                ),
            };
          })}
        />
      )}
    </Drawer>
  );
}

/**
 * 通用日志 / 接口日志 / 错误日志 (/monitor/log/usual|api|error): server-paged lists, newest first, filtered by
 * service id, server host and a time range (logStartTime / logEndTime); a detail drawer with every field
 * (params and log data as indented JSON, the stack trace as a block); export of the filtered rows.
 */
export function LogScreen({ kind }: { kind: LogKind }) {
  const { t } = useTranslation();
  const code = `log_${kind}`;
  const { acting, picker } = useActingTenant();
  const [filter, setFilter] = useState<LogFilter>({});
  const [detail, setDetail] = useState<LogRow | null>(null);
  const api = useMemo(() => logApi(kind), [kind]);

  const query = useMemo(() => ({ ...filter, ...(acting ? { tenantId: acting } : {}) }), [filter, acting]);
  const option = useMemo<CrudOption<LogRow>>(
    () => ({
      name: code,
      permissions: {},
      selection: false,
      columns: LOG_COLUMNS[kind],
      rowActions: [
        { key: 'view', code: `${code}_view`, label: 'crud.view', onClick: (row) => setDetail(row) },
      ],
    }),
    [code, kind],
  );

  const exported = logExport(kind, query, i18n.t(L(`file_${kind}`)));

  return (
    <div className="pd-log" data-log={kind}>
      <LogFilterBar
        name={code}
        picker={picker}
        onFilter={setFilter}
        exporter={
          <ExportButton
            code={`${code}_export`}
            filename={`${i18n.t(L(`file_${kind}`))}.xlsx`}
            {...exported}
          />
        }
      >
        <Form.Item name="serviceId" label={t(L('serviceId'))}>
          <Input allowClear placeholder={t('crud.inputPlaceholder', { label: t(L('serviceId')) })} />
        </Form.Item>
        <Form.Item name="serverHost" label={t(L('serverHost'))}>
          <Input allowClear placeholder={t('crud.inputPlaceholder', { label: t(L('serverHost')) })} />
        </Form.Item>
      </LogFilterBar>
      <CrudPage option={option} api={api} query={query} />
      {detail && <LogDetail kind={kind} id={detail.id} tenantId={acting} onClose={() => setDetail(null)} />}
    </div>
  );
}
