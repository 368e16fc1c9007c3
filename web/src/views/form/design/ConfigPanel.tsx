import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Collapse, Empty, Form, Input, InputNumber, Select, Space, Switch, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { createContext, memo, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchApis, formKeys } from '#src/api/formAdmin';
import { toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { getPath, SETTING_LIMITS } from '#src/designer/commands';
import { type EventHook, HOOK_ACTIONS } from '#src/designer/hooks';
import { type Property, propertiesOf, REGISTRY } from '#src/designer/registry';
import type { Column, Container, DicItem, FormOption, Group } from '#src/designer/types';
import { checkOptions, checkParams } from '#src/designer/validation';

/**
 * The right config panel: the selected field's properties, generated from the registry's property schema
 * (basic / field / event-hook sections, collapsible), and the form settings.
 */

const L = (key: string) => `form.design.${key}`;
// Colours are set rarely (title, watermark): the picker loads when one is shown.
const ColorPicker = lazyChunk(() => import('antd/es/color-picker'));
const labelOf = (key: string) => L(`p_${key.replace(/\./g, '_')}`);

export type FormSettings = Pick<
  FormOption,
  'labelPosition' | 'labelWidth' | 'labelSuffix' | 'gutter' | 'detail' | 'disabled'
>;

/** A field an event hook may act on. */
export interface HookTarget {
  prop: string;
  label: string;
}

// The form's fields, for the event-hook editor's target select (read where needed, not passed down).
const TargetsContext = createContext<HookTarget[]>([]);

export interface ConfigPanelProps {
  settings: FormSettings;
  targets: HookTarget[];
  column: Column | null;
  group: Group | null;
  container: Container | null;
  onChange: (key: string, value: unknown) => void;
  onSetting: (key: string, value: unknown) => void;
}

export const ConfigPanel = memo(function ConfigPanel({
  settings,
  targets,
  column,
  group,
  container,
  onChange,
  onSetting,
}: ConfigPanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('field');
  const field =
    column && container ? (
      <FieldConfig column={column} container={container} onChange={onChange} />
    ) : group ? (
      <GroupConfig group={group} onChange={onChange} />
    ) : (
      <Empty description={t(L('noSelection'))} image={Empty.PRESENTED_IMAGE_SIMPLE} />
    );
  return (
    <TargetsContext.Provider value={targets}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        size="small"
        items={[
          { key: 'field', label: t(L('field')), children: field },
          {
            key: 'settings',
            label: t(L('settings')),
            children: <Settings form={settings} onSetting={onSetting} />,
          },
        ]}
      />
    </TargetsContext.Provider>
  );
});

function FieldConfig({
  column,
  container,
  onChange,
}: {
  column: Column;
  container: Container;
  onChange: (key: string, value: unknown) => void;
}) {
  const { t } = useTranslation();
  const properties = propertiesOf(column, container);
  const section = (name: Property['section']) => properties.filter((p) => p.section === name);
  const sections = (['basic', 'field', 'events'] as const).filter((s) => section(s).length > 0);
  return (
    <Collapse
      key={`${container}|${column.prop}`}
      size="small"
      defaultActiveKey={['basic', 'field']}
      items={sections.map((s) => ({
        key: s,
        label: t(L(`s_${s}`)),
        children: (
          <Form layout="vertical" size="small">
            {section(s).map((p) => (
              <PropertyInput key={p.key} property={p} column={column} onChange={onChange} />
            ))}
          </Form>
        ),
      }))}
    />
  );
}

function GroupConfig({ group, onChange }: { group: Group; onChange: (key: string, value: unknown) => void }) {
  const { t } = useTranslation();
  const properties = REGISTRY.group.properties.filter((p) => !['type', 'span'].includes(p.key));
  return (
    <Form layout="vertical" size="small" key={group.prop}>
      {properties.map((p) => (
        <PropertyInput key={p.key} property={p} column={group as unknown as Column} onChange={onChange} />
      ))}
      <div style={{ color: 'var(--ant-color-text-tertiary)', fontSize: 12 }}>{t(L('w_group'))}</div>
    </Form>
  );
}

function choiceLabel(t: TFunction, value: string | number) {
  return value === '' ? '-' : t(L(`o_${value}`), { defaultValue: String(value) });
}

function PropertyInput({
  property,
  column,
  onChange,
}: {
  property: Property;
  column: Column;
  onChange: (key: string, value: unknown) => void;
}) {
  const { t } = useTranslation();
  const { key, kind } = property;
  // A field without `display` is shown (avue's default), so its switch starts on.
  const value =
    key === 'watermark'
      ? column.canvasOption !== undefined
      : key === 'display'
        ? column.display !== false
        : getPath(column, key);
  const id = `pd-prop-${key.replace(/\./g, '-')}`;
  let control: React.ReactNode;
  switch (kind) {
    case 'switch':
      control = <Switch id={id} checked={Boolean(value)} onChange={(v) => onChange(key, v)} />;
      break;
    case 'number':
      control = (
        <InputNumber
          id={id}
          value={value as number | undefined}
          min={property.min}
          max={property.max}
          step={property.step}
          onChange={(v) => onChange(key, v ?? undefined)}
          style={{ width: '100%' }}
        />
      );
      break;
    case 'select': {
      const choices =
        key === 'type' ? Object.keys(REGISTRY).filter((type) => type !== 'group') : (property.choices ?? []);
      control = (
        <Select
          id={id}
          value={value as string | undefined}
          allowClear={key !== 'type'}
          onChange={(v) => onChange(key, v)}
          options={choices.map((c) => ({
            value: c,
            label: key === 'type' ? t(L(`w_${c}`)) : choiceLabel(t, c),
          }))}
        />
      );
      break;
    }
    case 'options':
      control = <OptionsEditor value={(value as DicItem[]) ?? []} onChange={(v) => onChange(key, v)} />;
      break;
    case 'params':
      control = (
        <ParamsEditor
          value={(value as { key: string; value: string }[]) ?? []}
          onChange={(v) => onChange(key, v)}
        />
      );
      break;
    case 'remote':
      control = <RemoteSelect id={id} value={value as string | undefined} onChange={onChange} />;
      break;
    case 'color':
      control = (
        <Suspense fallback={null}>
          <ColorPicker
            value={(value as string) || undefined}
            onChange={(c) => onChange(key, c.toHexString())}
            showText
            allowClear
          />
        </Suspense>
      );
      break;
    case 'events':
      control = <EventsEditor value={value} onChange={(v) => onChange(key, v)} />;
      break;
    default:
      control = (
        <Input
          id={id}
          value={
            value === undefined || value === null
              ? ''
              : typeof value === 'object'
                ? JSON.stringify(value)
                : String(value)
          }
          onChange={(e) => onChange(key, e.target.value)}
        />
      );
  }
  return (
    <Form.Item label={t(labelOf(key))} htmlFor={id} style={{ marginBottom: 8 }} data-prop={key}>
      {control}
    </Form.Item>
  );
}

/** Static options: label / value / desc rows; a row without both, or a repeated value, is refused. */
function OptionsEditor({ value, onChange }: { value: DicItem[]; onChange: (items: DicItem[]) => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<DicItem[]>(value);
  const commit = (next: DicItem[]) => {
    setRows(next);
    const problem = checkOptions(next);
    if (problem) toast.warning(problem);
    else onChange(next);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-options-editor>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity while their value is being typed
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input
            placeholder="label"
            value={row.label}
            onChange={(e) => commit(rows.map((r, j) => (j === i ? { ...r, label: e.target.value } : r)))}
          />
          <Input
            placeholder="value"
            value={String(row.value ?? '')}
            onChange={(e) => commit(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t(L('remove'))}
            onClick={() => commit(rows.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => setRows([...rows, { label: '', value: '' }])}
      >
        {t(L('addOption'))}
      </Button>
    </Space>
  );
}

/** A remote dictionary's request parameters (dicQueryConfig key/value): each must be filled. */
function ParamsEditor({
  value,
  onChange,
}: {
  value: { key: string; value: string }[];
  onChange: (items: { key: string; value: string }[]) => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(value);
  const commit = (next: { key: string; value: string }[]) => {
    setRows(next);
    const problem = checkParams(next);
    if (problem) toast.warning(problem);
    else onChange(next);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-params-editor>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity while their key is being typed
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input
            placeholder="key"
            value={row.key}
            onChange={(e) => commit(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))}
          />
          <Input
            placeholder="value"
            value={row.value}
            onChange={(e) => commit(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t(L('remove'))}
            onClick={() => commit(rows.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => setRows([...rows, { key: '', value: '' }])}>
        {t(L('addParam'))}
      </Button>
    </Space>
  );
}

/**
 * An event's hooks (designer/hooks.ts): rows of action, target field, the condition (equals) and the value to
 * set or the hook to fill from. A function text brought by an imported form is shown, never run; adding a
 * rule replaces it.
 */
function EventsEditor({
  value,
  onChange,
}: {
  value: unknown;
  onChange: (hooks: EventHook[] | undefined) => void;
}) {
  const { t } = useTranslation();
  const targets = useContext(TargetsContext);
  const rows = Array.isArray(value) ? (value as EventHook[]) : [];
  const apis = useQuery({
    queryKey: formKeys.of('apis'),
    queryFn: fetchApis,
    enabled: rows.some((r) => r.action === 'fill'),
  });
  const commit = (next: EventHook[]) => onChange(next.length ? next : undefined);
  const edit = (i: number, change: Partial<EventHook>) =>
    commit(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-events-editor>
      {typeof value === 'string' && value.trim() && (
        <div style={{ fontSize: 12, color: 'var(--ant-color-text-tertiary)' }}>
          {t(L('hookText'))}
          <pre className="pd-json">{value}</pre>
        </div>
      )}
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a rule has no identity of its own
        <div key={i} className="pd-hook-row" data-hook-row={i}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              style={{ width: '40%' }}
              value={row.action}
              aria-label={t(L('hookAction'))}
              onChange={(action) => edit(i, { action })}
              options={HOOK_ACTIONS.map((a) => ({ value: a, label: t(L(`h_${a}`)) }))}
            />
            <Select
              style={{ width: '60%' }}
              value={row.target || undefined}
              placeholder={t(L('hookTarget'))}
              aria-label={t(L('hookTarget'))}
              showSearch
              optionFilterProp="label"
              onChange={(target) => edit(i, { target })}
              options={targets.map((f) => ({ value: f.prop, label: f.label }))}
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label={t(L('remove'))}
              onClick={() => commit(rows.filter((_, j) => j !== i))}
            />
          </Space.Compact>
          <Space.Compact style={{ width: '100%', marginTop: 4 }}>
            <Input
              style={{ width: row.action === 'set' || row.action === 'fill' ? '50%' : '100%' }}
              placeholder={t(L('hookEquals'))}
              aria-label={t(L('hookEquals'))}
              value={row.equals ?? ''}
              onChange={(e) => edit(i, { equals: e.target.value || undefined })}
            />
            {row.action === 'set' && (
              <Input
                style={{ width: '50%' }}
                placeholder={t(L('hookValue'))}
                aria-label={t(L('hookValue'))}
                value={row.value ?? ''}
                onChange={(e) => edit(i, { value: e.target.value || undefined })}
              />
            )}
            {row.action === 'fill' && (
              <Select
                style={{ width: '50%' }}
                value={row.hookId}
                placeholder={t(L('hookFrom'))}
                aria-label={t(L('hookFrom'))}
                loading={apis.isLoading}
                onChange={(hookId) => edit(i, { hookId })}
                options={(apis.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              />
            )}
          </Space.Compact>
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => commit([...rows, { action: 'show', target: '' }])}
        data-add-hook
      >
        {t(L('addHook'))}
      </Button>
    </Space>
  );
}

/** A remote dictionary: one of the tenant's hooks (listApis); choosing it sets hookId and dicUrl. */
function RemoteSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value?: string;
  onChange: (key: string, value: unknown) => void;
}) {
  const apis = useQuery({ queryKey: formKeys.of('apis'), queryFn: fetchApis });
  return (
    <Select
      id={id}
      value={value}
      loading={apis.isLoading}
      options={(apis.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
      onChange={(hookId) => {
        onChange('hookId', hookId);
        const api = apis.data?.find((a) => a.id === hookId);
        if (api) onChange('dicUrl', api.url);
      }}
      data-remote-select
    />
  );
}

/** Form settings (spec §2): labelPosition, labelWidth 80-200 step 10, labelSuffix, gutter 0-60 step 5, ... */
function Settings({
  form,
  onSetting,
}: {
  form: FormSettings;
  onSetting: (key: string, value: unknown) => void;
}) {
  const { t } = useTranslation();
  const number = (key: 'labelWidth' | 'gutter', fallback: number) => {
    const [min, max, step] = SETTING_LIMITS[key];
    return (
      <Form.Item label={t(labelOf(key))} htmlFor={`pd-set-${key}`} style={{ marginBottom: 8 }}>
        <InputNumber
          id={`pd-set-${key}`}
          min={min}
          max={max}
          step={step}
          value={(form[key] as number | undefined) ?? fallback}
          onChange={(v) => onSetting(key, v ?? undefined)}
          style={{ width: '100%' }}
        />
      </Form.Item>
    );
  };
  return (
    <Form layout="vertical" size="small" data-form-settings>
      <Form.Item label={t(labelOf('labelPosition'))} style={{ marginBottom: 8 }}>
        <Select
          value={form.labelPosition ?? 'left'}
          onChange={(v) => onSetting('labelPosition', v)}
          options={['left', 'right', 'top'].map((v) => ({ value: v, label: t(L(`o_${v}`)) }))}
        />
      </Form.Item>
      {number('labelWidth', 120)}
      <Form.Item label={t(labelOf('labelSuffix'))} style={{ marginBottom: 8 }}>
        <Input value={form.labelSuffix ?? ':'} onChange={(e) => onSetting('labelSuffix', e.target.value)} />
      </Form.Item>
      {number('gutter', 0)}
      <Form.Item label={t(labelOf('detail'))} style={{ marginBottom: 8 }}>
        <Switch checked={Boolean(form.detail)} onChange={(v) => onSetting('detail', v)} />
      </Form.Item>
      <Form.Item label={t(labelOf('disabled'))} style={{ marginBottom: 8 }}>
        <Switch checked={Boolean(form.disabled)} onChange={(v) => onSetting('disabled', v)} />
      </Form.Item>
    </Form>
  );
}
