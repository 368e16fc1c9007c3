import { ApiOutlined, SettingOutlined } from '@ant-design/icons';
import { Drawer, Modal, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FormHook,
  type FormHookParam,
  fetchDictionary,
  hookApi,
  hookParamApi,
} from '#src/api/formAdmin';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';

const L = (key: string) => `form.hook.${key}`;

const option: CrudOption<FormHook> = {
  name: 'form-hook',
  urlState: true,
  permissions: { add: 'hook_add', edit: 'hook_edit', view: 'hook_view', delete: 'hook_delete' },
  dialogWidth: 760,
  columns: [
    { prop: 'name', label: L('name'), search: true, required: true, rules: [{ max: 128 }] },
    {
      prop: 'type',
      label: L('type'),
      type: 'radio',
      value: 'dict',
      required: true,
      dicData: [
        { label: L('typeDict'), value: 'dict' },
        { label: L('typeHttp'), value: 'http' },
      ],
      search: true,
      width: 120,
    },
    { prop: 'dictCode', label: L('dictCode'), tip: L('dictCodeTip'), width: 140 },
    { prop: 'url', label: L('url'), span: 24, overHidden: true, rules: [{ max: 500 }] },
    {
      prop: 'method',
      label: L('method'),
      type: 'select',
      value: 'GET',
      dicData: [
        { label: 'GET', value: 'GET' },
        { label: 'POST', value: 'POST' },
      ],
      hide: true,
    },
    { prop: 'resPath', label: L('resPath'), tip: L('resPathTip'), hide: true },
    { prop: 'labelKey', label: L('labelKey'), value: 'label', hide: true },
    { prop: 'valueKey', label: L('valueKey'), value: 'value', hide: true },
    { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
  ],
};

/**
 * 表单钩子 (/form/hook): remote dictionaries for the designer's select fields. A hook answers {label, value}
 * items from a business dictionary or an HTTP endpoint (getData/{hookId}); its parameters are sent with each
 * call.
 */
export default function FormHookPage() {
  const { t } = useTranslation();
  const [params, setParams] = useState<FormHook | null>(null);
  const [trial, setTrial] = useState<{ hook: FormHook; items: Record<string, unknown>[] } | null>(null);
  const full = useMemo<CrudOption<FormHook>>(
    () => ({
      ...option,
      rowActions: [
        {
          key: 'params',
          code: 'hook_edit',
          label: L('params'),
          icon: <SettingOutlined />,
          show: (row) => row.type === 'http',
          onClick: (row) => setParams(row),
        },
        {
          key: 'test',
          code: 'hook_view',
          label: L('test'),
          icon: <ApiOutlined />,
          onClick: async (row) =>
            setTrial({ hook: row, items: await fetchDictionary(`/form/formhook/getData/${row.id}`) }),
        },
      ],
    }),
    [],
  );
  return (
    <>
      <CrudPage option={full} api={hookApi} />
      <Drawer
        open={params !== null}
        onClose={() => setParams(null)}
        width={760}
        title={params?.name}
        destroyOnHidden
      >
        {params && <HookParams hookId={params.id} />}
      </Drawer>
      <Modal open={trial !== null} onCancel={() => setTrial(null)} footer={null} title={trial?.hook.name}>
        <Table
          size="small"
          rowKey={(r) => String(r.value)}
          pagination={false}
          dataSource={trial?.items ?? []}
          columns={[
            { title: t(L('labelKey')), dataIndex: 'label' },
            { title: t(L('valueKey')), dataIndex: 'value' },
          ]}
        />
      </Modal>
    </>
  );
}

function HookParams({ hookId }: { hookId: string }) {
  const paramOption = useMemo<CrudOption<FormHookParam>>(
    () => ({
      name: 'form-hook-params',
      permissions: { add: 'hook_edit', edit: 'hook_edit', delete: 'hook_edit' },
      viewBtn: false,
      beforeSubmit: (body) => ({ ...body, hookId }),
      columns: [
        { prop: 'paramName', label: L('paramName'), required: true, rules: [{ max: 20 }] },
        { prop: 'paramKey', label: L('paramKey'), required: true, editDisabled: true, rules: [{ max: 64 }] },
        { prop: 'paramValue', label: L('paramValue'), required: true, rules: [{ max: 500 }] },
      ],
    }),
    [hookId],
  );
  return <CrudPage option={paramOption} api={hookParamApi} query={{ hookId }} />;
}
