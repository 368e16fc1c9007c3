import { DeleteOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Modal, Row, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '#src/api/crud';
import type { Query } from '#src/api/types';
import { confirm, toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { useAccess } from '../Access';
import { DictSelect, useDict } from '../DictSelect';
import { type CrudColumn, type CrudOption, DATETIME_FORMAT } from './types';
import { useCrudTable } from './useCrudTable';

// Heavy pickers load with the first form that needs them, not with the list (frontend.md §6.4).
const DatePicker = lazyChunk(() => import('antd/es/date-picker'));
const InputNumber = lazyChunk(() => import('antd/es/input-number'));

type Mode = 'add' | 'edit' | 'view';
type Entity = { id?: string };

interface Props<T extends Entity> {
  option: CrudOption<T>;
  api: CrudApi<T>;
}

/**
 * The generic list screen of DESIGN §5: search, paging, multi-select, add / edit / view dialogs,
 * delete and batch delete with the spec's prompts, buttons shown by permission code.
 */
export function CrudPage<T extends Entity>({ option, api }: Props<T>) {
  const { t } = useTranslation();
  const can = useAccess();
  const table = useCrudTable(option.name, api);
  const [dialog, setDialog] = useState<{ mode: Mode; row?: T } | null>(null);
  const { permissions } = option;

  const remove = async (ids: string[]) => {
    if (!ids.length) {
      toast.warning(t('crud.selectAtLeastOne'));
      return;
    }
    if (!(await confirm(t('crud.deleteConfirm'), { title: t('common.tip'), danger: true }))) return;
    await api.remove(ids);
    toast.success(t('common.success'));
    await table.refresh();
  };

  const rowActions = (row: T) => (
    <Space size={0}>
      {can(permissions.view) && (
        <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', row })}>
          {t('crud.view')}
        </Button>
      )}
      {can(permissions.edit) && (
        <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })}>
          {t('crud.edit')}
        </Button>
      )}
      {can(permissions.delete) && (
        <Button type="link" size="small" danger onClick={() => remove([row.id ?? ''])}>
          {t('crud.delete')}
        </Button>
      )}
    </Space>
  );

  const hasRowActions = [permissions.view, permissions.edit, permissions.delete].some(
    (code) => code && can(code),
  );

  return (
    <div className="pd-crud" data-crud={option.name}>
      <SearchBar name={option.name} columns={option.columns} onSearch={table.search} />
      <Card size="small" className="pd-crud-card">
        <div className="pd-crud-toolbar">
          <Space>
            {can(permissions.add) && permissions.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
                {t('crud.add')}
              </Button>
            )}
            {can(permissions.delete) && permissions.delete && (
              <Button danger icon={<DeleteOutlined />} onClick={() => remove(table.selected)}>
                {t('crud.batchDelete')}
              </Button>
            )}
          </Space>
          <Button icon={<ReloadOutlined />} aria-label={t('crud.refresh')} onClick={() => table.refresh()} />
        </div>
        <Table<T>
          {...table.tableProps}
          size="middle"
          scroll={{ x: 'max-content' }}
          columns={useTableColumns(option.columns, hasRowActions ? rowActions : undefined)}
          pagination={{
            ...table.tableProps.pagination,
            showTotal: (total) => t('crud.total', { total }),
          }}
        />
      </Card>
      {dialog && (
        <CrudDialog
          option={option}
          api={api}
          mode={dialog.mode}
          row={dialog.row}
          onClose={() => setDialog(null)}
          onSaved={async () => {
            setDialog(null);
            await table.refresh();
          }}
        />
      )}
    </div>
  );
}

function useTableColumns<T extends Entity>(
  columns: CrudColumn<T>[],
  actions?: (row: T) => ReactNode,
): ColumnsType<T> {
  const { t } = useTranslation();
  const visible = columns.filter((c) => !c.hide);
  const result: ColumnsType<T> = visible.map((column) => ({
    key: column.prop,
    dataIndex: column.prop,
    title: t(column.label),
    width: column.width,
    ellipsis: column.type === 'textarea',
    render: (_: unknown, row: T) => <Cell column={column} row={row} />,
  }));
  if (actions) {
    result.push({
      key: 'actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: 180,
      render: (_, row) => actions(row),
    });
  }
  return result;
}

function Cell<T extends Entity>({ column, row }: { column: CrudColumn<T>; row: T }) {
  const { labelOf } = useDict(column.dictCode);
  if (column.render) return column.render(row);
  const value = row[column.prop];
  if (column.dictCode) return labelOf(value);
  if (column.dicData)
    return column.dicData.find((d) => d.value === String(value))?.label ?? String(value ?? '');
  return String(value ?? '');
}

interface SearchBarProps<T> {
  /** Prefixes the field ids so they do not clash with the dialog's. */
  name: string;
  columns: CrudColumn<T>[];
  onSearch(values: Query): void;
}

function SearchBar<T extends Entity>({ name, columns, onSearch }: SearchBarProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Query>();
  const fields = columns.filter((c) => c.search);
  if (!fields.length) return null;
  return (
    <Card size="small" className="pd-crud-search">
      <Form form={form} name={`${name}-search`} layout="inline" onFinish={onSearch}>
        {fields.map((column) => (
          <Form.Item key={column.prop} name={String(column.prop)} label={t(column.label)}>
            <FieldInput column={column} search />
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

interface FieldInputProps<T> {
  column: CrudColumn<T>;
  search?: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

function FieldInput<T>({ column, search, ...control }: FieldInputProps<T>) {
  const { t } = useTranslation();
  const placeholder = t(column.type === 'select' ? 'crud.selectPlaceholder' : 'crud.inputPlaceholder', {
    label: t(column.label),
  });
  const props = { ...control, placeholder } as Record<string, unknown>;
  switch (column.type) {
    case 'textarea':
      return search ? <Input allowClear {...props} /> : <Input.TextArea rows={5} {...props} />;
    case 'select':
      return column.dictCode ? (
        <DictSelect code={column.dictCode} style={{ minWidth: 160 }} {...props} />
      ) : (
        <Select allowClear style={{ minWidth: 160 }} options={column.dicData} {...props} />
      );
    case 'number':
      return (
        <Suspense fallback={<Input disabled />}>
          <InputNumber style={{ width: '100%' }} {...props} />
        </Suspense>
      );
    case 'datetime':
      return (
        <Suspense fallback={<Input disabled />}>
          <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} {...props} />
        </Suspense>
      );
    default:
      return <Input allowClear={search} {...props} />;
  }
}

interface DialogProps<T extends Entity> {
  option: CrudOption<T>;
  api: CrudApi<T>;
  mode: Mode;
  row?: T;
  onClose(): void;
  onSaved(): Promise<void>;
}

function CrudDialog<T extends Entity>({ option, api, mode, row, onClose, onSaved }: DialogProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const fields = useMemo(() => option.columns.filter((c) => c.display !== false), [option.columns]);
  const id = row?.id;

  // Edit and view show the server's current record, not the row as the list saw it.
  useEffect(() => {
    if (!id) return;
    api
      .detail(id)
      .then((detail) => form.setFieldsValue(toFormValues(fields, detail)))
      .catch(() => undefined);
  }, [api, id, fields, form]);

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await api.submit({
        ...toWireValues(fields, values),
        ...(mode === 'edit' ? { id: row?.id } : {}),
      } as Partial<T>);
      toast.success(t('common.success'));
      await onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={option.dialogWidth ?? 800}
      title={t(`crud.${mode}`)}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      footer={mode === 'view' ? null : undefined}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form
        form={form}
        name={`${option.name}-form`}
        layout="vertical"
        disabled={mode === 'view'}
        className="pd-crud-form"
        onFinish={submit}
        initialValues={row && toFormValues(fields, row)}
      >
        <Row gutter={16}>
          {fields.map((column) => (
            <Col key={column.prop} span={column.span ?? 12}>
              <Form.Item name={String(column.prop)} label={t(column.label)} rules={fieldRules(t, column)}>
                <FieldInput column={column} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}

function fieldRules<T>(t: TFunction, column: CrudColumn<T>) {
  const message = t(column.type === 'select' ? 'crud.selectRequired' : 'crud.inputRequired', {
    label: t(column.label),
  });
  return [...(column.required ? [{ required: true, message }] : []), ...(column.rules ?? [])];
}

/** Datetime strings on the wire become dayjs values in the form, and back. */
function toFormValues<T>(fields: CrudColumn<T>[], row: T) {
  const values: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const field of fields) {
    const value = values[field.prop];
    if (field.type === 'datetime' && value) values[field.prop] = dayjs(String(value));
    if (field.type === 'select' && value !== undefined && value !== null) values[field.prop] = String(value);
  }
  return values;
}

function toWireValues<T>(fields: CrudColumn<T>[], values: Record<string, unknown>) {
  const wire = { ...values };
  for (const field of fields) {
    const value = wire[field.prop];
    if (field.type === 'datetime' && dayjs.isDayjs(value)) wire[field.prop] = value.format(DATETIME_FORMAT);
  }
  return wire;
}
