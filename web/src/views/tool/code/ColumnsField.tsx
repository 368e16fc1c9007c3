import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeColumnOutputComponent, CodeColumnOutputKind } from '#src/api/generated/client';
import type { CodeColumn, CodeConfig } from '#src/api/tool';
import type { CrudFieldProps } from '#src/components/CrudPage';

const KINDS = Object.values(CodeColumnOutputKind);
const COMPONENTS = Object.values(CodeColumnOutputComponent);
const FLAGS = ['list', 'search', 'edit', 'required'] as const;

const blank = (): CodeColumn => ({
  name: '',
  label: '',
  labelEn: '',
  kind: 'str',
  length: 255,
  nullable: true,
  list: true,
  search: false,
  edit: true,
  required: false,
  component: 'input',
  dictCode: null,
  searchOp: 'like',
});

/** The column model: per column its labels, type, and whether the screen lists, searches and edits it. */
export function ColumnsField({ value, onChange, disabled }: CrudFieldProps<CodeConfig>) {
  const { t } = useTranslation();
  const rows = (value as CodeColumn[] | undefined) ?? [];
  const patch = (index: number, change: Partial<CodeColumn>) =>
    onChange?.(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const text = (field: 'name' | 'label' | 'labelEn' | 'dictCode', width: number) => ({
    title: t(`tool.code.${field}`),
    dataIndex: field,
    width,
    render: (v: string | null, _: CodeColumn, index: number) => (
      <Input
        size="small"
        aria-label={t(`tool.code.${field}`)}
        value={v ?? ''}
        disabled={disabled}
        onChange={(e) => patch(index, { [field]: e.target.value || (field === 'dictCode' ? null : '') })}
      />
    ),
  });
  return (
    <div data-testid="columns-field">
      <Table<CodeColumn>
        size="small"
        rowKey={(_, index) => String(index)}
        pagination={false}
        scroll={{ x: 1100, y: 360 }}
        dataSource={rows}
        columns={[
          text('name', 150),
          text('label', 130),
          text('labelEn', 130),
          {
            title: t('tool.code.kind'),
            dataIndex: 'kind',
            width: 110,
            render: (v: CodeColumn['kind'], _, index) => (
              <Select
                size="small"
                style={{ width: '100%' }}
                value={v}
                disabled={disabled}
                onChange={(kind) => patch(index, { kind })}
                options={KINDS.map((k) => ({ label: k, value: k }))}
              />
            ),
          },
          {
            title: t('tool.code.length'),
            dataIndex: 'length',
            width: 80,
            render: (v: number, row, index) => (
              <InputNumber
                size="small"
                min={1}
                max={4000}
                value={v}
                disabled={disabled || row.kind !== 'str'}
                onChange={(length) => patch(index, { length: length ?? 255 })}
              />
            ),
          },
          ...FLAGS.map((flag) => ({
            title: t(`tool.code.${flag}`),
            dataIndex: flag,
            width: 60,
            render: (v: boolean, _: CodeColumn, index: number) => (
              <Checkbox
                aria-label={t(`tool.code.${flag}`)}
                checked={v}
                disabled={disabled}
                onChange={(e) => patch(index, { [flag]: e.target.checked })}
              />
            ),
          })),
          {
            title: t('tool.code.component'),
            dataIndex: 'component',
            width: 120,
            render: (v: CodeColumn['component'], _, index) => (
              <Select
                size="small"
                style={{ width: '100%' }}
                value={v}
                disabled={disabled}
                onChange={(component) => patch(index, { component })}
                options={COMPONENTS.map((c) => ({ label: c, value: c }))}
              />
            ),
          },
          text('dictCode', 120),
          {
            key: 'remove',
            width: 50,
            fixed: 'right',
            render: (_, __, index) => (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                title={t('tool.code.removeColumn')}
                disabled={disabled}
                onClick={() => onChange?.(rows.filter((__, i) => i !== index))}
              />
            ),
          },
        ]}
      />
      {!disabled && (
        <Button
          size="small"
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          onClick={() => onChange?.([...rows, blank()])}
        >
          {t('tool.code.addColumn')}
        </Button>
      )}
    </div>
  );
}
