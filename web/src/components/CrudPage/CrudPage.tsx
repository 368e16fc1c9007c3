import { DeleteOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '#src/api/crud';
import type { Query } from '#src/api/types';
import { confirm, toast } from '#src/app/feedback';
import { useAccess } from '../Access';
import { CrudDialog } from './CrudDialog';
import { Cell, FieldInput, RangeInput } from './fields';
import { type SortState, toAntdOrder } from './tableState';
import type { CrudColumn, CrudContext, CrudHandle, CrudMode, CrudOption } from './types';
import { useCrudTable } from './useCrudTable';
import { sortKeyOf, successMessage, toSearchForm, toSearchWire } from './values';

type Entity = object;

export interface CrudPageProps<T extends Entity> {
  option: CrudOption<T>;
  api: CrudApi<T>;
  /** Extra params merged into every list call (deptId of a side tree, parentId of a child table, tenantId). */
  query?: Query;
  /** `refresh()` and `search(values)` for the screen. */
  ref?: Ref<CrudHandle>;
  /** Rendered at the left of the search bar row (e.g. a TenantSelect). */
  searchExtra?: ReactNode;
}

const idOf = (row: object) => String((row as { id?: string }).id ?? '');

/**
 * The generic list screen of DESIGN §5: search, paging, multi-select, add / edit / view dialogs,
 * delete and batch delete with the spec's prompts, buttons shown by permission code, extra toolbar and
 * row actions, tree rows. The option reference is in web/README.md "CrudPage".
 */
export function CrudPage<T extends Entity>({ option, api, query, ref, searchExtra }: CrudPageProps<T>) {
  const { t } = useTranslation();
  const can = useAccess();
  const table = useCrudTable(option.name, api, {
    query,
    rowKey: option.rowKey,
    lazy: option.lazy,
    urlState: option.urlState,
    invalidates: option.invalidates,
  });
  const [dialog, setDialog] = useState<{ mode: CrudMode; row?: T } | null>(null);
  const { permissions } = option;

  useImperativeHandle(ref, () => ({ refresh: table.refresh, search: table.search }), [
    table.refresh,
    table.search,
  ]);

  const ctx: CrudContext<T> = {
    refresh: table.refresh,
    open: (mode, row) => setDialog({ mode, row }),
    selected: table.selectedRows,
  };

  const allowed = (flag: boolean | undefined, code: string | undefined) =>
    flag !== false && Boolean(code) && can(code);
  const showAdd = allowed(option.addBtn, permissions.add);
  const showEdit = allowed(option.editBtn, permissions.edit);
  const showView = allowed(option.viewBtn, permissions.view);
  const showDelete = allowed(option.delBtn, permissions.delete);
  const selection = option.selection !== false;

  const remove = async (ids: string[]) => {
    if (!ids.length) {
      toast.warning(t('crud.selectAtLeastOne'));
      return;
    }
    if (!(await confirm(t('crud.deleteConfirm'), { title: t('common.tip'), danger: true }))) return;
    try {
      const msg = await api.remove(ids);
      toast.success(successMessage(t('crud.deleteSuccess'), msg));
      await table.changed(ids);
    } catch {
      // shown by the HTTP layer (spec §8)
    }
  };

  const rowActions = (option.rowActions ?? []).filter((a) => can(a.code));
  const renderRowActions = (row: T) => (
    <Space size={0} wrap={false}>
      {showView && (
        <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', row })}>
          {t('crud.view')}
        </Button>
      )}
      {showEdit && (
        <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })}>
          {t('crud.edit')}
        </Button>
      )}
      {showDelete && (
        <Button type="link" size="small" danger onClick={() => remove([idOf(row)])}>
          {t('crud.delete')}
        </Button>
      )}
      {rowActions
        .filter((a) => !a.show || a.show(row))
        .map((a) => (
          <Button
            key={a.key}
            type="link"
            size="small"
            danger={a.danger}
            icon={a.icon}
            onClick={() => a.onClick(row, ctx)}
          >
            {t(a.label)}
          </Button>
        ))}
    </Space>
  );
  const actionCount = [showView, showEdit, showDelete].filter(Boolean).length + rowActions.length;

  const toolbar = (option.toolbar ?? []).filter((a) => can(a.code));

  return (
    <div className="pd-crud" data-crud={option.name}>
      <SearchBar
        name={option.name}
        columns={option.columns}
        filters={table.state.filters}
        onSearch={table.search}
        extra={searchExtra}
      />
      <Card size="small" className="pd-crud-card">
        <div className="pd-crud-toolbar">
          <Space wrap>
            {showAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
                {t('crud.add')}
              </Button>
            )}
            {showDelete && selection && (
              <Button danger icon={<DeleteOutlined />} onClick={() => remove(table.selected)}>
                {t('crud.batchDelete')}
              </Button>
            )}
            {toolbar.map((a) => (
              <Button
                key={a.key}
                type={a.primary ? 'primary' : 'default'}
                danger={a.danger}
                icon={a.icon}
                onClick={() => {
                  if (a.batch && !table.selectedRows.length) {
                    toast.warning(t('crud.selectAtLeastOne'));
                    return;
                  }
                  return a.onClick(table.selectedRows, ctx);
                }}
              >
                {t(a.label)}
              </Button>
            ))}
          </Space>
          <Button icon={<ReloadOutlined />} aria-label={t('crud.refresh')} onClick={() => table.refresh()} />
        </div>
        <Table<T>
          {...table.tableProps}
          rowSelection={selection ? table.tableProps.rowSelection : undefined}
          size="middle"
          scroll={{ x: 'max-content' }}
          columns={useTableColumns(
            option.columns,
            actionCount ? renderRowActions : undefined,
            option.actionWidth ?? 24 + actionCount * 56,
            table.state.sort,
          )}
          pagination={
            table.tableProps.pagination && {
              ...table.tableProps.pagination,
              showTotal: (total) => t('crud.total', { total }),
            }
          }
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
            const id = dialog.row ? idOf(dialog.row) : '';
            setDialog(null);
            await table.changed(id ? [id] : []);
          }}
        />
      )}
    </div>
  );
}

function useTableColumns<T extends Entity>(
  columns: CrudColumn<T>[],
  actions: ((row: T) => ReactNode) | undefined,
  actionWidth: number,
  sort: SortState | undefined,
): ColumnsType<T> {
  const { t } = useTranslation();
  const result: ColumnsType<T> = columns
    .filter((c) => !c.hide)
    .map((column) => ({
      key: column.prop,
      dataIndex: column.prop,
      title: t(column.label),
      width: column.width,
      // Server-side: antd only reports the click (onChange), the list request sorts.
      ...(column.sortable
        ? {
            sorter: true,
            sortKey: sortKeyOf(column),
            sortOrder: toAntdOrder(sort, sortKeyOf(column)),
            sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[],
          }
        : {}),
      // With scroll x = max-content antd's own ellipsis does not cut: clip the cell content itself.
      render: (_: unknown, row: T) =>
        column.overHidden || column.type === 'textarea' ? (
          <div
            className="pd-crud-clip"
            style={{ maxWidth: column.width ?? 240 }}
            title={String((row as Record<string, unknown>)[column.prop] ?? '')}
          >
            <Cell column={column} row={row} />
          </div>
        ) : (
          <Cell column={column} row={row} />
        ),
    }));
  if (actions) {
    result.push({
      key: 'actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: actionWidth,
      render: (_, row) => actions(row),
    });
  }
  return result;
}

interface SearchBarProps<T> {
  /** Prefixes the field ids so they do not clash with the dialog's. */
  name: string;
  columns: CrudColumn<T>[];
  /** The wire filters in force (from the URL on a deep link, back or forward): the form shows them. */
  filters: Query;
  onSearch(values: Query): void;
  extra?: ReactNode;
}

function SearchBar<T extends Entity>({ name, columns, filters, onSearch, extra }: SearchBarProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const fields = columns.filter((c) => c.search);
  // The form follows the filters in force (a deep link, back, forward); what the user typed and did not
  // submit is kept otherwise: the effect runs when the filters change, not on every render.
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const filterKey = JSON.stringify(filters);
  useEffect(() => {
    const shown = fieldsRef.current;
    if (!shown.length) return;
    form.resetFields(shown.map((f) => f.prop as string));
    form.setFieldsValue(toSearchForm(shown, JSON.parse(filterKey) as Query));
  }, [filterKey, form]);
  if (!fields.length && !extra) return null;
  return (
    <Card size="small" className="pd-crud-search">
      <Form
        form={form}
        name={`${name}-search`}
        layout="inline"
        onFinish={(values) => onSearch(toSearchWire(fields, values))}
      >
        {extra}
        {fields.map((column) => (
          <Form.Item key={column.prop} name={column.prop as string} label={t(column.label)}>
            {column.searchRange ? <RangeInput column={column} /> : <FieldInput column={column} search />}
          </Form.Item>
        ))}
        {fields.length > 0 && (
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
        )}
      </Form>
    </Card>
  );
}
