import { FileAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select, Switch } from 'antd';
import { generateReport, type ReportTemplate, reportPointsQuery, templateApi } from '#src/api/report';
import { toast } from '#src/app/feedback';
import { useSession } from '#src/app/stores/session';
import { type CrudFieldProps, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';

const L = (key: string) => `report.template.${key}`;

/** Points as a comma list on the wire, a multiple select in the dialog. */
function PointsField({ value, onChange, disabled, id }: CrudFieldProps<ReportTemplate>) {
  const points = useQuery(reportPointsQuery());
  const chosen = String(value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      disabled={disabled}
      value={chosen}
      onChange={(v: string[]) => onChange?.(v.join(','))}
      options={(points.data ?? []).map((p) => ({ label: `${p.name} (${p.code})`, value: String(p.id) }))}
      maxTagCount={6}
    />
  );
}

/** The list's switch: spec §4, isEnable toggled through submit. */
function EnableSwitch({ row }: { row: ReportTemplate }) {
  const client = useQueryClient();
  const allowed = useSession((s) => Boolean(s.permissions.template_edit));
  return (
    <Switch
      size="small"
      checked={row.isEnable === 1}
      disabled={!allowed}
      data-enable={row.id}
      onChange={async (on) => {
        await templateApi.submit({ id: row.id, isEnable: on ? 1 : 0 });
        await client.invalidateQueries();
      }}
    />
  );
}

const option: CrudOption<ReportTemplate> = {
  name: 'template',
  urlState: true,
  permissions: {
    add: 'template_add',
    edit: 'template_edit',
    view: 'template_view',
    delete: 'template_delete',
  },
  dialogWidth: 760,
  columns: [
    { prop: 'name', label: L('name'), search: true, required: true, rules: [{ max: 100 }], width: 260 },
    {
      prop: 'kind',
      label: L('kind'),
      type: 'select',
      search: true,
      required: true,
      value: 'production',
      width: 120,
      dicData: ['production', 'alarm', 'points', 'workflow'].map((v) => ({
        label: L(`kinds.${v}`),
        value: v,
      })),
    },
    {
      prop: 'period',
      label: L('period'),
      type: 'select',
      search: true,
      required: true,
      value: 'day',
      width: 90,
      dicData: ['shift', 'day', 'week', 'month'].map((v) => ({ label: L(`periods.${v}`), value: v })),
    },
    { prop: 'pointIds', label: L('pointIds'), hide: true, span: 24, formComponent: PointsField },
    {
      prop: 'recipients',
      label: L('recipients'),
      span: 24,
      rules: [{ max: 1000 }],
      overHidden: true,
      width: 200,
    },
    { prop: 'auth', label: L('auth'), hide: true, rules: [{ max: 255 }] },
    {
      prop: 'isEnable',
      label: L('isEnable'),
      type: 'switch',
      value: 1,
      width: 90,
      render: (row) => <EnableSwitch row={row} />,
    },
    { prop: 'content', label: L('content'), type: 'textarea', span: 24, hide: true, rules: [{ max: 2000 }] },
    { prop: 'createTime', label: L('createTime'), display: false, width: 170 },
  ],
  rowActions: [
    {
      key: 'generate',
      code: 'template_generate',
      label: L('generate'),
      icon: <FileAddOutlined />,
      async onClick(row) {
        const output = await generateReport(row.id);
        if (output) toast.success(i18n.t(L('generated'), { name: output.name }));
      },
    },
  ],
  invalidates: ['reportlist'],
};

/**
 * 报表模板 (/report/template): what a report shows (production: OEE, points and workflow; alarms; points;
 * workflow), over which period, for which points and recipients; enabled templates are generated after each
 * period and mailed; 生成报表 makes the last complete period's report now.
 */
export default function ReportTemplatePage() {
  return <CrudPage option={option} api={templateApi} />;
}
