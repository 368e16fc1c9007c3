import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Modal, Row, Spin } from 'antd';
import type { TFunction } from 'i18next';
import { cloneElement, type ReactElement, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '#src/api/crud';
import { toast } from '#src/app/feedback';
import { useSaving } from '#src/components/useSaving';
import { FieldInput } from './fields';
import type { CrudColumn, CrudMode, CrudOption } from './types';
import { crudDetailQuery } from './useCrudTable';
import { defaultValues, disabledIn, shownIn, successMessage, toFormValues, toWireValues } from './values';

type Entity = object;

export interface CrudDialogProps<T extends Entity> {
  option: CrudOption<T>;
  api: CrudApi<T>;
  mode: CrudMode;
  row?: T;
  onClose(): void;
  onSaved(): Promise<void>;
}

const idOf = (row: object | undefined) => (row as { id?: string } | undefined)?.id;

/** The add / edit / view dialog of a CrudPage. */
export function CrudDialog<T extends Entity>({
  option,
  api,
  mode,
  row,
  onClose,
  onSaved,
}: CrudDialogProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const client = useQueryClient();
  const { saving, run } = useSaving();
  const [loading, setLoading] = useState(mode !== 'add' || Boolean(option.beforeOpen));
  const fields = useMemo(() => option.columns.filter((c) => shownIn(c, mode)), [option.columns, mode]);
  const { beforeOpen, beforeSubmit } = option;
  // Fields wait for the record: what is typed before it arrives would be overwritten by it, unseen.
  const disabled = (column: CrudColumn<T>) => loading || disabledIn(column, mode);

  // Edit and view show the server's current record (not the row as the list saw it); beforeOpen may
  // load something else or add defaults.
  useEffect(() => {
    let live = true;
    const load = async () => {
      const custom = beforeOpen ? await beforeOpen(mode, row, api) : undefined;
      if (custom !== undefined) return { ...(mode === 'add' ? defaultValues(fields) : {}), ...custom };
      if (mode === 'add') return defaultValues(fields);
      const id = idOf(row);
      return id ? await client.fetchQuery(crudDetailQuery(option.name, api, id)) : row;
    };
    load()
      .then((values) => {
        if (live && values) form.setFieldsValue(toFormValues(fields, values));
      })
      .catch(() => undefined) // the HTTP layer has shown the message; the row's values stay
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, beforeOpen, client, fields, form, mode, option.name, row]);

  const submit = async (values: Record<string, unknown>) => {
    await run(async () => {
      let body = toWireValues(fields, values);
      if (mode === 'edit') body.id = idOf(row);
      if (beforeSubmit) body = await beforeSubmit(body, mode, row);
      const msg = await api.submit(body as Partial<T>);
      toast.success(successMessage(t(mode === 'add' ? 'crud.addSuccess' : 'crud.updateSuccess'), msg));
      await onSaved();
    });
  };

  return (
    <Modal
      open
      width={option.dialogWidth ?? 800}
      title={t(`crud.${mode}`)}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading }}
      footer={mode === 'view' ? null : undefined}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Spin spinning={loading}>
        <Form
          form={form}
          name={`${option.name}-form`}
          layout="vertical"
          disabled={mode === 'view'}
          className="pd-crud-form"
          onFinish={submit}
          initialValues={row && mode !== 'add' ? toFormValues(fields, row) : undefined}
        >
          <Row gutter={16}>
            {fields.map((column) => (
              <Col key={column.prop} xs={24} sm={column.span ?? 12}>
                <Form.Item
                  name={column.prop as string}
                  label={t(column.label)}
                  rules={fieldRules(t, column)}
                  extra={column.tip ? t(column.tip) : undefined}
                  valuePropName="value"
                >
                  {column.formComponent ? (
                    <LazyField>
                      <column.formComponent
                        mode={mode}
                        form={form}
                        column={column}
                        disabled={disabled(column)}
                      />
                    </LazyField>
                  ) : (
                    <FieldInput column={column} disabled={disabled(column)} />
                  )}
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}

/** Custom controls may be lazy (e.g. a Tree): Form.Item's value/onChange/id pass through to the child. */
function LazyField({ children, ...control }: { children: ReactElement<Record<string, unknown>> }) {
  return <Suspense fallback={<Spin size="small" />}>{cloneElement(children, control)}</Suspense>;
}

function fieldRules<T>(t: TFunction, column: CrudColumn<T>) {
  const select = ['select', 'multi-select', 'radio', 'tree-select', 'switch'].includes(column.type ?? '');
  const message = t(select ? 'crud.selectRequired' : 'crud.inputRequired', { label: t(column.label) });
  // Rule messages may be i18n keys (a literal string passes through t unchanged).
  const rules = (column.rules ?? []).map((rule) =>
    typeof rule === 'object' && typeof rule.message === 'string'
      ? { ...rule, message: t(rule.message) }
      : rule,
  );
  return [...(column.required ? [{ required: true, message }] : []), ...rules];
}
