import { Button, Col, Form, type FormInstance, Row, Space } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDictionary } from '#src/api/formAdmin';
import { isEmpty, topLevel } from '../commands';
import { type Effect, effectsOf, type HookEvent, hooksOf, labelIn, valueFor } from '../hooks';
import type { Column, FormOption } from '../types';
import { FieldControl, isField, rulesOf, SubTable, TitleField } from './fields';

/** Preview defaults (spec §2): label width 120, a colon label suffix, Submit / Clear buttons. */
export const PREVIEW_DEFAULTS = { labelWidth: 120, labelSuffix: ':' };

export interface FormRendererProps {
  option: FormOption;
  initialValues?: Record<string, unknown>;
  /** Called with the checked values; without it the form has no buttons (a read-only view). */
  onSubmit?: (values: Record<string, unknown>) => void | Promise<void>;
  submitting?: boolean;
  form?: FormInstance;
  extraButtons?: ReactNode;
}

/** Values every field starts with: its default value (`value`), a sub-table with no rows. */
export function defaultsOf(option: FormOption): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of [...option.column, ...(option.group ?? []).flatMap((g) => g.column)]) {
    if (column.type === 'dynamic') values[column.prop] = [];
    else if (column.value !== undefined && column.value !== '') values[column.prop] = column.value;
  }
  return values;
}

/**
 * A form from its option: the one renderer of the designer's preview and of the fill screen. Groups follow the
 * columns as titled sections; `display: false` leaves a field out.
 */
export function FormRenderer({
  option,
  initialValues,
  onSubmit,
  submitting,
  form,
  extraButtons,
}: FormRendererProps) {
  const { t } = useTranslation();
  const [own] = Form.useForm();
  const instance = form ?? own;
  const labelWidth = option.labelWidth ?? PREVIEW_DEFAULTS.labelWidth;
  const suffix = option.labelSuffix ?? PREVIEW_DEFAULTS.labelSuffix;
  const disabled = Boolean(option.disabled || option.detail);
  const top = option.labelPosition === 'top';

  // What the event hooks (../hooks) changed: a field shown or hidden, required or not.
  const [overrides, setOverrides] = useState<Record<string, { display?: boolean; required?: boolean }>>({});
  const byProp = useMemo(() => new Map(topLevel(option).map((c) => [c.prop, c])), [option]);

  const apply = useCallback(
    (effects: Effect[]) => {
      const changes: Record<string, { display?: boolean; required?: boolean }> = {};
      for (const effect of effects) {
        const target = byProp.get(effect.target);
        if (!target) continue;
        if (effect.kind === 'display')
          changes[effect.target] = { ...changes[effect.target], display: effect.shown };
        else if (effect.kind === 'required')
          changes[effect.target] = { ...changes[effect.target], required: effect.required };
        else if (effect.kind === 'set') instance.setFieldValue(effect.target, valueFor(target, effect.value));
        else
          void fetchDictionary(`/api/form/formhook/getData/${effect.hookId}`)
            .then((items) => instance.setFieldValue(effect.target, labelIn(items, effect.value)))
            .catch(() => undefined); // the request layer has shown the failure; the target stays as it was
      }
      if (Object.keys(changes).length)
        setOverrides((o) => {
          const next = { ...o };
          for (const [prop, change] of Object.entries(changes)) next[prop] = { ...o[prop], ...change };
          return next;
        });
    },
    [byProp, instance],
  );

  const run = useCallback(
    (event: HookEvent, column: Column) => {
      const hooks = hooksOf(column, event);
      if (hooks.length) apply(effectsOf(hooks, instance.getFieldValue(column.prop)));
    },
    [apply, instance],
  );

  /** The starting values, and what the two-way hooks make of them (also what Clear goes back to). */
  const begin = useCallback(() => {
    instance.resetFields();
    const values = { ...defaultsOf(option), ...initialValues };
    instance.setFieldsValue(values);
    setOverrides({});
    apply(topLevel(option).flatMap((c) => effectsOf(hooksOf(c, 'change'), values[c.prop], true)));
  }, [instance, option, initialValues, apply]);
  useEffect(begin, [begin]);

  const effective = (column: Column): Column => {
    const o = overrides[column.prop];
    return o
      ? { ...column, display: o.display ?? column.display, required: o.required ?? column.required }
      : column;
  };

  const columns = (list: Column[]) => (
    <Row gutter={option.gutter ?? 0}>
      {list
        .map(effective)
        .filter((c) => c.display !== false)
        .map((column) => (
          <Col
            key={column.prop}
            span={column.span ?? 24}
            offset={column.offset ?? 0}
            onClick={() => run('click', column)}
            onFocus={() => run('focus', column)}
            onBlur={() => run('blur', column)}
          >
            {renderColumn(column)}
          </Col>
        ))}
    </Row>
  );

  const label = (column: Column) => `${column.label ?? column.prop}${suffix}`;

  const renderColumn = (column: Column) => {
    if (column.type === 'title') return <TitleField column={column} />;
    const item = {
      label: label(column),
      required: Boolean(column.required),
      tooltip: column.labelTip ? String(column.labelTip) : undefined,
      extra: column.tip ? String(column.tip) : undefined,
      labelCol: top ? undefined : { flex: `0 0 ${column.labelWidth ?? labelWidth}px` },
    };
    if (column.type === 'dynamic') {
      return (
        <Form.Item {...item} data-field={column.prop}>
          <SubTable column={column} disabled={disabled || Boolean(column.disabled)} />
        </Form.Item>
      );
    }
    return isField(column) ? (
      <Form.Item {...item} name={column.prop} rules={rulesOf(column)} data-field={column.prop}>
        <FieldControl column={column} disabled={disabled || Boolean(column.disabled)} />
      </Form.Item>
    ) : null;
  };

  if (isEmpty(option)) return null;
  return (
    <Form
      form={instance}
      layout={top ? 'vertical' : 'horizontal'}
      labelAlign={option.labelPosition === 'left' ? 'left' : 'right'}
      labelWrap
      colon={false}
      onFinish={onSubmit}
      onValuesChange={(changed: Record<string, unknown>) => {
        for (const prop of Object.keys(changed)) {
          const column = byProp.get(prop);
          if (column) run('change', column);
        }
      }}
      data-form-renderer
    >
      {columns(option.column)}
      {(option.group ?? [])
        .filter((g) => g.display !== false)
        .map((group) => (
          <section key={group.prop} data-group={group.prop} style={{ marginTop: 8 }}>
            <h4 style={{ borderBottom: '1px solid var(--ant-color-border-secondary)', paddingBottom: 6 }}>
              {group.label}
            </h4>
            {columns(group.column)}
          </section>
        ))}
      {onSubmit && !option.detail && (
        <Form.Item style={{ textAlign: 'center', marginTop: 16 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={submitting}>
              {option.submitText || t('form.design.submitText')}
            </Button>
            <Button onClick={begin}>{option.emptyText || t('form.design.emptyText')}</Button>
            {extraButtons}
          </Space>
        </Form.Item>
      )}
    </Form>
  );
}
