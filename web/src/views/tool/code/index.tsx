import { CopyOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { type CodeConfig, codeApi, copyCode, datasourceSelectQuery, downloadCode } from '#src/api/tool';
import { toast } from '#src/app/feedback';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import { ColumnsField } from './ColumnsField';
import { PreviewModal } from './PreviewModal';
import { TableField } from './TableField';

function options(preview: (row: CodeConfig) => void): CrudOption<CodeConfig> {
  return {
    name: 'code',
    urlState: true,
    permissions: { add: 'code_add', edit: 'code_edit', view: 'code_view', delete: 'code_delete' },
    dialogWidth: 1200,
    columns: [
      { prop: 'codeName', label: 'tool.code.codeName', search: true, required: true, rules: [{ max: 64 }] },
      { prop: 'codeNameEn', label: 'tool.code.codeNameEn', required: true, hide: true, rules: [{ max: 64 }] },
      {
        prop: 'moduleName',
        label: 'tool.code.moduleName',
        search: true,
        required: true,
        tip: 'tool.code.moduleTip',
        rules: [{ pattern: /^[a-z][a-z0-9]{1,30}$/ }],
      },
      {
        prop: 'menuPath',
        label: 'tool.code.menuPath',
        required: true,
        tip: 'tool.code.menuPathTip',
        rules: [{ max: 128 }],
      },
      { prop: 'menuCode', label: 'tool.code.menuCode', required: true, rules: [{ max: 64 }] },
      { prop: 'menuParent', label: 'tool.code.menuParent', hide: true, tip: 'tool.code.menuParentTip' },
      { prop: 'catalogueName', label: 'tool.code.catalogueName', hide: true, rules: [{ max: 64 }] },
      { prop: 'catalogueNameEn', label: 'tool.code.catalogueNameEn', hide: true, rules: [{ max: 64 }] },
      {
        prop: 'datasourceId',
        label: 'tool.code.datasourceId',
        type: 'select',
        required: true,
        hide: true,
        dicQuery: datasourceSelectQuery,
        props: { label: 'name', value: 'id' },
      },
      { prop: 'datasourceName', label: 'tool.code.datasourceName', display: false },
      {
        prop: 'tableName',
        label: 'tool.code.tableName',
        search: true,
        required: true,
        formComponent: TableField,
      },
      { prop: 'targetTable', label: 'tool.code.targetTable', required: true, rules: [{ max: 64 }] },
      { prop: 'tenantScoped', label: 'tool.code.tenantScoped', type: 'switch', value: 1, width: 110 },
      {
        prop: 'columns',
        label: 'tool.code.columns',
        span: 24,
        value: [],
        required: true,
        formComponent: ColumnsField,
        render: (row) => i18n.t('tool.code.columnCount', { count: row.columns.length }),
      },
      {
        prop: 'remark',
        label: 'tool.code.remark',
        type: 'textarea',
        span: 24,
        hide: true,
        rules: [{ max: 500 }],
      },
    ],
    toolbar: [
      {
        key: 'gen',
        code: 'code_gen',
        label: 'tool.code.gen',
        icon: <DownloadOutlined />,
        batch: true,
        onClick: (rows) => void downloadCode(rows.map((row) => row.id)),
      },
    ],
    rowActions: [
      {
        key: 'preview',
        code: 'code_view',
        label: 'tool.code.preview',
        icon: <EyeOutlined />,
        onClick: preview,
      },
      {
        key: 'gen',
        code: 'code_gen',
        label: 'tool.code.gen',
        icon: <DownloadOutlined />,
        onClick: (row) => void downloadCode([row.id]),
      },
      {
        key: 'copy',
        code: 'code_copy',
        label: 'tool.code.copy',
        icon: <CopyOutlined />,
        async onClick(row, ctx) {
          toast.success((await copyCode(row.id)) ?? i18n.t('tool.code.copied'));
          await ctx.refresh();
        },
      },
    ],
  };
}

/**
 * 代码生成 (/tool/code): code configs (a table of a data source, the area and screen names, the menu, the column
 * model), a preview of every generated file and the zip (gen-code, system `saber`). The platform's tool.
 */
export default function CodePage() {
  const [previewing, setPreviewing] = useState<CodeConfig | null>(null);
  const option = useMemo(() => options(setPreviewing), []);
  return (
    <>
      <CrudPage option={option} api={codeApi} />
      <PreviewModal config={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
