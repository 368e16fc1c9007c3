import { Descriptions, Drawer, Form, Input, Select, Tag } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SystemLogRow, systemLogApi } from '#src/api/report';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { ExportButton } from '#src/components/ExportButton';
import { useActingTenant } from '#src/components/TenantSelect';
import { i18n } from '#src/i18n';
import { LogFilterBar } from '../FilterBar';

const L = (key: string) => `monitor.log.system.${key}`;
const LEVELS = ['error', 'warn', 'info', 'debug'];
const SOURCES = ['server', 'migrate', 'jobs', 'collector', 'outbound', 'alarm'];
const FIELDS = [
  'createTime',
  'level',
  'source',
  'event',
  'message',
  'tenantId',
  'serverHost',
  'serviceId',
] as const;
const COLORS: Record<string, string> = { error: 'red', warn: 'orange', info: 'blue', debug: 'default' };

/**
 * 系统日志 (/monitor/log/system, spec /system-log): the server's own events (start and stop, migrations and
 * the seed sync, job failures, collector connects and drops, outbound refusals, alarm engine lag), newest
 * first, filtered by level, source, text and time; the detail drawer shows the traceback; Excel export.
 */
export default function SystemLogPage() {
  const { t } = useTranslation();
  const { acting, picker } = useActingTenant();
  const [filter, setFilter] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState<SystemLogRow | null>(null);
  const query = useMemo(() => ({ ...filter, ...(acting ? { tenantId: acting } : {}) }), [filter, acting]);
  const option = useMemo<CrudOption<SystemLogRow>>(
    () => ({
      name: 'log_system',
      permissions: {},
      selection: false,
      addBtn: false,
      editBtn: false,
      viewBtn: false,
      delBtn: false,
      columns: [
        { prop: 'createTime', label: L('createTime'), width: 170, sortable: true },
        {
          prop: 'level',
          label: L('level'),
          width: 90,
          render: (row) => <Tag color={COLORS[row.level] ?? 'default'}>{t(L(`levels.${row.level}`))}</Tag>,
        },
        {
          prop: 'source',
          label: L('source'),
          width: 110,
          render: (row) => t(L(`sources.${row.source}`), row.source),
        },
        { prop: 'event', label: L('event'), width: 130 },
        { prop: 'message', label: L('message'), overHidden: true },
        { prop: 'serverHost', label: L('serverHost'), width: 150, overHidden: true },
      ],
      rowActions: [
        { key: 'view', code: 'log_system_view', label: 'crud.view', onClick: (row) => setDetail(row) },
      ],
    }),
    [t],
  );
  const stem = i18n.t(L('file'));
  return (
    <div className="pd-log" data-log="system">
      <LogFilterBar
        name="log_system"
        picker={picker}
        onFilter={setFilter}
        exporter={
          <ExportButton
            code="log_system_export"
            filename={`${stem}.xlsx`}
            url={`/blade-log/system/export/${encodeURIComponent(stem)}`}
            method="get"
            params={query}
          />
        }
      >
        <Form.Item name="level" label={t(L('level'))}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={LEVELS.map((v) => ({ value: v, label: t(L(`levels.${v}`)) }))}
          />
        </Form.Item>
        <Form.Item name="source" label={t(L('source'))}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={SOURCES.map((v) => ({ value: v, label: t(L(`sources.${v}`)) }))}
          />
        </Form.Item>
        <Form.Item name="text" label={t(L('text'))}>
          <Input allowClear placeholder={t('crud.inputPlaceholder', { label: t(L('text')) })} />
        </Form.Item>
      </LogFilterBar>
      <CrudPage option={option} api={systemLogApi} query={query} />
      {detail && (
        <Drawer
          open
          size="large"
          title={t('monitor.log.detail')}
          onClose={() => setDetail(null)}
          destroyOnHidden
        >
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              ...FIELDS.map((field) => ({
                key: field as string,
                label: t(L(field)),
                children: String(detail[field] ?? '') as ReactNode,
              })),
              ...(detail.detail
                ? [
                    {
                      key: 'detail',
                      label: t(L('detail')),
                      children: (
                        <pre
                          style={{
                            margin: 0,
                            maxHeight: 360,
                            overflow: 'auto',
                            whiteSpace: 'pre-wrap',
                            fontSize: 12,
                          }}
                        >
                          {detail.detail}
                        </pre>
                      ) as ReactNode,
                    },
                  ]
                : []),
            ]}
          />
        </Drawer>
      )}
    </div>
  );
}
