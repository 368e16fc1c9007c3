import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { downloadReport, outputApi, type ReportOutput } from '#src/api/report';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';

const L = (key: string) => `report.reportlist.${key}`;

function size(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const option: CrudOption<ReportOutput> = {
  name: 'reportlist',
  urlState: true,
  permissions: { delete: 'reportlist_delete' },
  addBtn: false,
  editBtn: false,
  viewBtn: false,
  columns: [
    { prop: 'name', label: L('name'), search: true, width: 300, overHidden: true },
    {
      prop: 'kind',
      label: 'report.template.kind',
      type: 'select',
      search: true,
      width: 120,
      dicData: ['production', 'alarm', 'points', 'workflow'].map((v) => ({
        label: `report.template.kinds.${v}`,
        value: v,
      })),
    },
    {
      prop: 'period',
      label: 'report.template.period',
      type: 'select',
      search: true,
      width: 90,
      dicData: ['shift', 'day', 'week', 'month'].map((v) => ({
        label: `report.template.periods.${v}`,
        value: v,
      })),
    },
    { prop: 'periodStart', label: L('periodStart'), width: 170 },
    { prop: 'periodEnd', label: L('periodEnd'), width: 170 },
    {
      prop: 'trigger',
      label: L('trigger'),
      type: 'select',
      width: 100,
      dicData: ['manual', 'schedule', 'demo'].map((v) => ({ label: L(`triggers.${v}`), value: v })),
    },
    {
      prop: 'pdfSize',
      label: L('size'),
      width: 150,
      render: (row) => `PDF ${size(row.pdfSize)} · Excel ${size(row.xlsxSize)}`,
    },
    { prop: 'createTime', label: L('createTime'), width: 170, sortable: true },
  ],
  rowActions: [
    {
      key: 'pdf',
      code: 'reportlist_download',
      label: L('pdf'),
      icon: <FilePdfOutlined />,
      onClick: (row) => void downloadReport(row, 'pdf'),
    },
    {
      key: 'xlsx',
      code: 'reportlist_download',
      label: L('xlsx'),
      icon: <FileExcelOutlined />,
      onClick: (row) => void downloadReport(row, 'xlsx'),
    },
  ],
};

/** 报表列表 (/index/reportlist): the generated reports, newest first, each as PDF and Excel. */
export default function ReportListPage() {
  return <CrudPage option={option} api={outputApi} />;
}
