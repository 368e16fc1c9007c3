import { Input, Radio, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '#src/app/registry';
import { useColumnOptions, valueList } from './options';
import { type CrudColumn, DATETIME_FORMAT, type DicItem } from './types';

// Heavy pickers load with the first form that needs them, not with the list (frontend.md §6.4).
const DatePicker = lazyChunk(() => import('antd/es/date-picker'));
const RangePicker = lazyChunk(() =>
  import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })),
);
const InputNumber = lazyChunk(() => import('antd/es/input-number'));
const TreeSelect = lazyChunk(() => import('antd/es/tree-select'));
const ImageUpload = lazyChunk(() => import('../ImageUpload'));

export interface FieldInputProps<T> {
  column: CrudColumn<T>;
  search?: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
}

const SELECTS = new Set(['select', 'multi-select', 'radio', 'switch', 'tree-select']);

interface TreeOption {
  title: string;
  value: string | number;
  disabled?: boolean;
  children?: TreeOption[];
}

function toTreeData(items: DicItem[]): TreeOption[] {
  return items.map((i) => ({
    title: i.label,
    value: i.value,
    disabled: i.disabled,
    ...(i.children ? { children: toTreeData(i.children) } : {}),
  }));
}

/** The control of a column in the search bar (`search`) or a dialog, picked by `type`. */
export function FieldInput<T>({ column, search, ...control }: FieldInputProps<T>) {
  const { t } = useTranslation();
  const { options, loading } = useColumnOptions(column);
  const label = t(column.label);
  const placeholder = t(SELECTS.has(column.type ?? '') ? 'crud.selectPlaceholder' : 'crud.inputPlaceholder', {
    label,
  });
  const props = { ...control, placeholder } as Record<string, unknown>;
  const fallback = <Input disabled placeholder={placeholder} />;
  const type = search && (column.type === 'radio' || column.type === 'switch') ? 'select' : column.type;
  switch (type) {
    case 'textarea':
      return search ? <Input allowClear {...props} /> : <Input.TextArea rows={4} {...props} />;
    case 'password':
      return <Input.Password autoComplete="new-password" {...props} />;
    case 'select':
    case 'multi-select':
      return (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={loading}
          style={{ minWidth: 160 }}
          mode={type === 'multi-select' && !search ? 'multiple' : undefined}
          options={
            column.type === 'switch' && !column.dicData
              ? [
                  { label: t('crud.yes'), value: column.activeValue ?? 1 },
                  { label: t('crud.no'), value: column.inactiveValue ?? 0 },
                ]
              : options
          }
          {...props}
        />
      );
    case 'radio':
      return <Radio.Group options={options} {...control} />;
    case 'switch':
      return <SwitchField column={column} {...control} />;
    case 'tree-select': {
      const multiple = Boolean(column.multiple) && !search;
      return (
        <Suspense fallback={fallback}>
          <TreeSelect
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            style={{ width: '100%', minWidth: 160 }}
            treeData={toTreeData(options)}
            multiple={multiple}
            treeCheckable={multiple}
            showCheckedStrategy="SHOW_ALL"
            maxTagCount="responsive"
            treeDefaultExpandAll={false}
            {...props}
          />
        </Suspense>
      );
    }
    case 'number':
      return (
        <Suspense fallback={fallback}>
          <InputNumber style={{ width: '100%' }} {...props} />
        </Suspense>
      );
    case 'datetime':
      return (
        <Suspense fallback={fallback}>
          <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} {...props} />
        </Suspense>
      );
    case 'upload-image':
      return (
        <Suspense fallback={fallback}>
          <ImageUpload {...control} value={control.value as string | undefined} />
        </Suspense>
      );
    default:
      return <Input allowClear={search} {...props} />;
  }
}

/** A switch whose wire values are `activeValue` / `inactiveValue` (default 1 / 0). */
function SwitchField<T>({ column, value, onChange, disabled, id }: Omit<FieldInputProps<T>, 'search'>) {
  const on = column.activeValue ?? 1;
  const off = column.inactiveValue ?? 0;
  return (
    <Switch
      id={id}
      disabled={disabled}
      checked={value !== undefined && String(value) === String(on)}
      onChange={(checked) => onChange?.(checked ? on : off)}
    />
  );
}

/** A table cell: dictionary / option labels, switch labels, masked passwords, image thumbnails. */
export function Cell<T>({ column, row }: { column: CrudColumn<T>; row: T }) {
  const { t } = useTranslation();
  const { labelOf } = useColumnOptions(column);
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.prop];
  if (value === undefined || value === null || value === '') return null;
  switch (column.type) {
    case 'password':
      return '******';
    case 'upload-image':
      return <img src={String(value)} alt="" style={{ height: 32, maxWidth: 96, objectFit: 'contain' }} />;
    case 'switch':
      if (!column.dicData)
        return t(String(value) === String(column.activeValue ?? 1) ? 'crud.yes' : 'crud.no');
      return labelOf(value);
    default:
      if (column.dicData || column.dictCode || column.dicQuery) return labelOf(value);
      return Array.isArray(value) ? valueList(value).join(', ') : String(value);
  }
}

// A day picked in the range starts at 00:00:00 and ends at 23:59:59, so the end day is part of the range.
const WHOLE_DAYS = { defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] };

/** A `searchRange` column's search field: a date-time range (start and end each optional). */
export function RangeInput<T>({ column, ...control }: Omit<FieldInputProps<T>, 'search'>) {
  const { t } = useTranslation();
  const label = t(column.label);
  return (
    <Suspense fallback={<Input disabled placeholder={label} style={{ width: 360 }} />}>
      <RangePicker
        id={control.id}
        showTime={WHOLE_DAYS}
        allowEmpty={[true, true]}
        format={DATETIME_FORMAT}
        style={{ width: 360, maxWidth: '100%' }}
        placeholder={[t('crud.rangeStart'), t('crud.rangeEnd')]}
        value={(control.value ?? null) as never}
        onChange={(range) => control.onChange?.(range)}
        disabled={control.disabled}
      />
    </Suspense>
  );
}
