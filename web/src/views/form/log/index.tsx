import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FormLog,
  fetchLogValues,
  formKeys,
  LOG_EXPORT_URL,
  logApi,
  versionApi,
} from '#src/api/formAdmin';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { ExportButton } from '#src/components/ExportButton';
import { topLevel } from '#src/designer/commands';
import { parseOption } from '#src/designer/io';
import type { Column } from '#src/designer/types';

const L = (key: string) => `form.log.${key}`;

/** A value as its field shows it: a choice's label rather than its value (lists joined). */
function shown(column: Column | undefined, value: unknown): string {
  const label = (v: unknown) =>
    String(column?.dicData?.find((d) => String(d.value) === String(v))?.label ?? v ?? '');
  return Array.isArray(value) ? value.map(label).join(', ') : label(value);
}

/** A stored value as the log shows it, read with the filled-in version's field (labels of choices, a
 * sub-table's rows as a small table under its column labels); without the field, as stored. */
function Value({ raw, column }: { raw: string | null | undefined; column?: Column }) {
  if (!raw?.startsWith('[')) return <>{shown(column, raw ?? '')}</>;
  try {
    const rows = JSON.parse(raw) as Record<string, unknown>[];
    if (!rows.every((r) => r && typeof r === 'object')) return <>{shown(column, rows)}</>;
    const children = column?.children?.column ?? [];
    const keys = [...new Set([...children.map((c) => c.prop), ...rows.flatMap((r) => Object.keys(r))])];
    const child = (k: string) => children.find((c) => c.prop === k);
    return (
      <table className="pd-log-rows" style={{ borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {keys.map((k) => (
              <th key={k} style={{ border: '1px solid var(--ant-color-border)', padding: '2px 6px' }}>
                {child(k)?.label ?? k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a submitted sub-table's rows have no identity
            <tr key={i}>
              {keys.map((k) => (
                <td key={k} style={{ border: '1px solid var(--ant-color-border)', padding: '2px 6px' }}>
                  {shown(child(k), row[k])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  } catch {
    return <>{raw}</>;
  }
}

function LogValues({ log }: { log: FormLog }) {
  const values = useQuery({
    queryKey: formKeys.of('log-values', log.id),
    queryFn: () => fetchLogValues(log.id),
  });
  const version = useQuery({
    queryKey: formKeys.of('version', log.detailId),
    queryFn: () => versionApi.detail(log.detailId),
  });
  const columns = topLevel(parseOption(version.data?.content));
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      data-log-values
      items={(values.data ?? []).map((v) => ({
        key: v.id,
        label: v.label ?? v.prop,
        // `text` is the value as the field showed it when submitted (a choice's labels, remote ones too).
        children: <Value raw={v.text ?? v.value} column={columns.find((c) => c.prop === v.prop)} />,
      }))}
    />
  );
}

/** 表单日志 (/form/log): every submission with its form, version, user and time; its values; Excel export. */
export default function FormLogPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<FormLog | null>(null);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const option = useMemo<CrudOption<FormLog>>(
    () => ({
      name: 'form-log',
      urlState: true,
      addBtn: false,
      editBtn: false,
      viewBtn: false,
      permissions: { view: 'log_view', delete: 'log_delete' },
      columns: [
        { prop: 'formName', label: L('formName'), search: true },
        { prop: 'version', label: L('version'), width: 80 },
        { prop: 'userName', label: L('userName'), search: true, width: 140 },
        { prop: 'createTime', label: L('createTime'), type: 'datetime', searchRange: true, width: 180 },
      ],
      rowActions: [
        {
          key: 'values',
          code: 'log_view',
          label: L('values'),
          icon: <EyeOutlined />,
          onClick: (row) => setShown(row),
        },
      ],
    }),
    [],
  );
  const api = useMemo(
    () => ({
      ...logApi,
      list: async (query: Record<string, unknown>) => {
        setFilters(
          Object.fromEntries(
            Object.entries(query).filter(([k, v]) => !['current', 'size'].includes(k) && v),
          ) as Record<string, string>,
        );
        return logApi.list(query as never);
      },
    }),
    [],
  );
  return (
    <>
      <CrudPage
        option={option}
        api={api}
        searchExtra={
          <ExportButton
            url={LOG_EXPORT_URL}
            code="log_export"
            params={filters}
            filename={`${t(L('file'))}.xlsx`}
          />
        }
      />
      <Drawer
        open={shown !== null}
        onClose={() => setShown(null)}
        width={720}
        title={
          shown
            ? `${shown.formName} v${shown.version} · ${shown.userName ?? ''} · ${shown.createTime ?? ''}`
            : ''
        }
        destroyOnHidden
      >
        {shown && <LogValues log={shown} />}
      </Drawer>
    </>
  );
}
