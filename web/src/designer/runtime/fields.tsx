import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Table,
  TimePicker,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDictionary, formKeys, uploadFile } from '#src/api/formAdmin';
import { toast } from '#src/app/feedback';
import { widgetOf } from '../registry';
import type { Column, DicItem } from '../types';
import { uploadRefusal, validateValue } from '../validation';
import { MapField, RateField, RichTextField, SliderField, SwitchField } from './advanced';

/**
 * The runtime widgets: how each registry type is filled in. The designer's preview and the fill screen both
 * render through here, so what the designer shows is what a user fills in.
 */

/** What a Form.Item hands its control: `id` ties the label to it. */
type Props = {
  column: Column;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
};

/** avue's element-ui date tokens (yyyy, dd) read as dayjs's (YYYY, DD). */
export function dayjsFormat(format: unknown, fallback: string): string {
  return typeof format === 'string' && format ? format.replace(/y/g, 'Y').replace(/d/g, 'D') : fallback;
}

const SIZE: Record<string, 'large' | 'middle' | 'small'> = {
  medium: 'middle',
  small: 'small',
  mini: 'small',
};

/** A column's options: its static dicData, or the items of its remote dictionary (dicUrl). */
export function useOptions(column: Column): { label: string; value: string | number }[] {
  const remote = column.dicOption === 'remote' || (!column.dicData && typeof column.dicUrl === 'string');
  const url = typeof column.dicUrl === 'string' ? column.dicUrl : '';
  const params = Object.fromEntries(
    ((column.dicQueryConfig ?? []) as { key: string; value: string }[]).map((p) => [p.key, p.value]),
  );
  const query = useQuery({
    queryKey: formKeys.of('dictionary', url, column.dicMethod, params),
    queryFn: () =>
      fetchDictionary(url, typeof column.dicMethod === 'string' ? column.dicMethod : 'get', params),
    enabled: remote && Boolean(url),
    staleTime: 60_000,
  });
  const props = (column.props ?? {}) as { label?: string; value?: string };
  if (!remote) return (column.dicData ?? []).map((d: DicItem) => ({ label: d.label, value: d.value }));
  return (query.data ?? []).map((item) => ({
    label: String(item[props.label || 'label'] ?? ''),
    value: item[props.value || 'value'] as string | number,
  }));
}

function DateField({ column, value, onChange, disabled, id }: Props) {
  const picker = column.type === 'time' ? 'time' : 'date';
  const fallback = { date: 'YYYY-MM-DD', time: 'HH:mm:ss', datetime: 'YYYY-MM-DD HH:mm:ss' }[
    column.type as 'date' | 'time' | 'datetime'
  ];
  const format = dayjsFormat(column.format, fallback);
  const valueFormat = dayjsFormat(column.valueFormat, format);
  const parsed = typeof value === 'string' && value ? dayjs(value, valueFormat) : null;
  const change = (d: Dayjs | null) => onChange?.(d ? d.format(valueFormat) : undefined);
  const common = {
    id,
    value: parsed,
    onChange: change,
    format,
    disabled,
    placeholder: column.placeholder as string | undefined,
    allowClear: column.clearable !== false,
    style: { width: '100%' },
  };
  if (picker === 'time') return <TimePicker {...common} />;
  return <DatePicker {...common} showTime={column.type === 'datetime'} />;
}

function RangeField({ column, value, onChange, disabled, id }: Props) {
  const time = column.type === 'timerange';
  const format = dayjsFormat(column.format, time ? 'HH:mm:ss' : 'YYYY-MM-DD');
  const valueFormat = dayjsFormat(column.valueFormat, format);
  const pair =
    Array.isArray(value) && value.length === 2 ? value.map((v) => dayjs(String(v), valueFormat)) : null;
  const change = (d: [Dayjs | null, Dayjs | null] | null) =>
    onChange?.(d?.[0] && d[1] ? [d[0].format(valueFormat), d[1].format(valueFormat)] : undefined);
  const common = {
    id,
    value: pair as [Dayjs, Dayjs] | null,
    onChange: change,
    format,
    disabled,
    placeholder: [String(column.startPlaceholder ?? ''), String(column.endPlaceholder ?? '')] as [
      string,
      string,
    ],
    style: { width: '100%' },
  };
  return time ? <TimePicker.RangePicker {...common} /> : <DatePicker.RangePicker {...common} />;
}

function ChoiceField({ column, value, onChange, disabled, id }: Props) {
  const options = useOptions(column);
  if (column.type === 'radio') {
    return (
      <Radio.Group
        options={options}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        disabled={disabled}
      />
    );
  }
  if (column.type === 'checkbox') {
    return (
      <Checkbox.Group
        options={options}
        value={Array.isArray(value) ? value : []}
        onChange={(v) => onChange?.(v)}
        disabled={disabled}
      />
    );
  }
  return (
    <Select
      id={id}
      options={options}
      value={value as string}
      onChange={onChange}
      disabled={disabled}
      mode={column.allowCreate ? 'tags' : column.multiple ? 'multiple' : undefined}
      showSearch={Boolean(column.filterable)}
      optionFilterProp="label"
      allowClear={column.clearable !== false}
      placeholder={column.placeholder as string | undefined}
      size={SIZE[String(column.size)]}
    />
  );
}

function UploadField({ column, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const links = Array.isArray(value)
    ? (value as string[])
    : typeof value === 'string' && value
      ? value.split(',')
      : [];
  const limit = typeof column.limit === 'number' && column.limit > 0 ? column.limit : undefined;
  const Kind = column.drag ? Upload.Dragger : Upload;
  return (
    <Kind
      accept={column.accept as string | undefined}
      listType={column.listType === 'picture-card' ? 'picture-card' : 'text'}
      fileList={links.map((link, i) => ({
        uid: `${i}`,
        name: link.split('/').pop() ?? link,
        url: link,
        status: 'done',
      }))}
      disabled={disabled}
      maxCount={limit}
      beforeUpload={async (file) => {
        const refused = uploadRefusal(column, file, links.length);
        if (refused) {
          toast.error(refused);
          return Upload.LIST_IGNORE;
        }
        const { link } = await uploadFile(file);
        onChange?.([...links, link]);
        return false;
      }}
      onRemove={(file) => onChange?.(links.filter((l) => l !== file.url))}
    >
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {(column.loadText as string) || t('form.design.w_upload')}
      </Button>
      {typeof column.tip === 'string' && column.tip && column.drag ? <div>{column.tip}</div> : null}
    </Kind>
  );
}

/** A single control for `column` (not a title, not a sub-table). */
export function FieldControl(props: Props) {
  const { column, value, onChange, disabled, id } = props;
  const size = SIZE[String(column.size)];
  const readOnly = Boolean(column.readonly);
  switch (column.type ?? 'input') {
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          readOnly={readOnly}
          placeholder={column.placeholder as string | undefined}
          maxLength={column.maxlength as number | undefined}
          showCount={Boolean(column.showWordLimit)}
          autoSize={{ minRows: (column.minRows as number) ?? 2, maxRows: (column.maxRows as number) ?? 6 }}
        />
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          value={value as number}
          onChange={(v) => onChange?.(v ?? undefined)}
          disabled={disabled}
          readOnly={readOnly}
          min={column.min as number | undefined}
          max={column.max as number | undefined}
          step={(column.step as number) || 1}
          precision={column.precision as number | undefined}
          controls={column.controls !== false}
          placeholder={column.placeholder as string | undefined}
          size={size}
          style={{ width: '100%' }}
        />
      );
    case 'radio':
    case 'checkbox':
    case 'select':
      return <ChoiceField {...props} />;
    case 'date':
    case 'time':
    case 'datetime':
      return <DateField {...props} />;
    case 'daterange':
    case 'timerange':
      return <RangeField {...props} />;
    case 'switch':
      return <SwitchField {...props} />;
    case 'slider':
      return <SliderField {...props} />;
    case 'rate':
      return <RateField {...props} />;
    case 'ueditor':
      return <RichTextField {...props} />;
    case 'map':
      return <MapField {...props} />;
    case 'upload':
      return <UploadField {...props} />;
    default: {
      const input = {
        id,
        value: value as string,
        onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
        disabled,
        readOnly,
        placeholder: column.placeholder as string | undefined,
        maxLength: column.maxlength as number | undefined,
        showCount: Boolean(column.showWordLimit),
        addonBefore: column.prepend as string | undefined,
        addonAfter: column.append as string | undefined,
        allowClear: Boolean(column.clearable),
        size,
      };
      return column.showPassword ? <Input.Password {...input} /> : <Input {...input} />;
    }
  }
}

/** The rule of one column: the spec's messages (validation.ts). */
export function rulesOf(column: Column) {
  return [
    {
      validator: (_: unknown, value: unknown) => {
        const message = validateValue(column, value);
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    },
  ];
}

/** A sub-table (`dynamic`): rows of its child columns, added and deleted by the user. */
export function SubTable({ column, disabled }: { column: Column; disabled?: boolean }) {
  const { t } = useTranslation();
  const children = column.children?.column ?? [];
  const settings = column.children ?? { column: [] };
  const align = (settings.align as 'left' | 'center' | 'right') ?? 'left';
  return (
    <Form.List
      name={column.prop}
      rules={column.required ? [{ validator: tableRequired(column) }] : undefined}
    >
      {(rows, { add, remove }, { errors }) => (
        <>
          <Table
            size="small"
            bordered
            pagination={false}
            rowKey="key"
            dataSource={rows}
            data-sub-table={column.prop}
            columns={[
              ...(settings.index
                ? [{ title: '#', width: 50, render: (_: unknown, __: unknown, i: number) => i + 1 }]
                : []),
              ...children.map((child) => ({
                title: (
                  <span className={child.required ? 'pd-form-required' : undefined}>
                    {child.label ?? child.prop}
                  </span>
                ),
                key: child.prop,
                width: child.width as number | undefined,
                align: (settings.headerAlign as 'left' | 'center' | 'right') ?? align,
                render: (_: unknown, row: { name: number }) => (
                  <Form.Item name={[row.name, child.prop]} rules={rulesOf(child)} style={{ margin: 0 }}>
                    <FieldControl column={child} disabled={disabled || Boolean(child.disabled)} />
                  </Form.Item>
                ),
              })),
              ...(settings.delBtn !== false && !disabled
                ? [
                    {
                      title: '',
                      width: 50,
                      render: (_: unknown, row: { name: number }) => (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('form.design.remove')}
                          onClick={() => remove(row.name)}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {settings.addBtn !== false && !disabled && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({})}
              style={{ marginTop: 8 }}
              block
            >
              {t('form.design.addRow')}
            </Button>
          )}
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

function tableRequired(column: Column) {
  return async (_: unknown, rows: unknown[]) => {
    const message = validateValue(column, rows);
    if (message) throw new Error(message);
  };
}

/** A title field: text only. */
export function TitleField({ column }: { column: Column }): ReactNode {
  const styles = (column.styles ?? {}) as { fontSize?: string; color?: string };
  return (
    <div
      style={{
        fontSize: styles.fontSize ?? '18px',
        color: styles.color,
        fontWeight: 600,
        margin: '4px 0 12px',
      }}
    >
      {column.label}
    </div>
  );
}

export const isField = (column: Column) => !['title', 'dynamic'].includes(widgetOf(column.type).type);
