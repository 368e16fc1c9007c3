import { CloudUploadOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deployModel, type FlowModelDetail, modelApi } from '#src/api/flow';
import { tenantSelectQuery } from '#src/api/org';
import { toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { type CrudHandle, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { useIsPlatformAdmin } from '#src/components/TenantSelect';

const Designer = lazyChunk(() => import('./Designer'));

const L = (key: string) => `flow.${key}`;

/**
 * 模型设计 (/flow/model): BPMN models (drafts). 设计 opens the bpmn-js designer; 部署 validates the model and
 * deploys it (a new version of its process key), to the caller's tenant or, for the platform administrator,
 * to the chosen tenants. Button codes: flow_model_add / _edit / _delete / _view / _deploy.
 */
export default function ModelPage() {
  const { t } = useTranslation();
  const handle = useRef<CrudHandle>(null);
  const platform = useIsPlatformAdmin();
  const [designing, setDesigning] = useState<FlowModelDetail | null>(null);
  const [deploying, setDeploying] = useState<FlowModelDetail | null>(null);
  const [form] = Form.useForm<{ category?: string; tenantIds?: string[] }>();
  const tenants = useQuery({ ...tenantSelectQuery, enabled: platform });

  const option = useMemo<CrudOption<FlowModelDetail>>(
    () => ({
      name: 'flow-model',
      permissions: {
        add: 'flow_model_add',
        edit: 'flow_model_edit',
        view: 'flow_model_view',
        delete: 'flow_model_delete',
      },
      dialogWidth: 720,
      columns: [
        {
          prop: 'modelKey',
          label: L('modelKey'),
          search: true,
          required: true,
          editDisabled: true,
          rules: [{ max: 64 }, { pattern: /^[A-Za-z_][A-Za-z0-9_.-]*$/, message: L('modelKeyPattern') }],
          width: 180,
        },
        { prop: 'name', label: L('name'), search: true, required: true, rules: [{ max: 128 }], width: 200 },
        { prop: 'category', label: L('category'), rules: [{ max: 64 }], width: 120 },
        { prop: 'version', label: L('version'), display: false, width: 80 },
        {
          prop: 'description',
          label: L('description'),
          type: 'textarea',
          span: 24,
          rules: [{ max: 500 }],
          overHidden: true,
        },
        { prop: 'updateTime', label: L('updateTime'), display: false, width: 170 },
      ],
      rowActions: [
        {
          key: 'design',
          code: 'flow_model_edit',
          label: L('design'),
          icon: <EditOutlined />,
          onClick: async (row) => setDesigning(await modelApi.detail(row.id)),
        },
        {
          key: 'deploy',
          code: 'flow_model_deploy',
          label: L('deploy'),
          icon: <CloudUploadOutlined />,
          onClick: (row) => {
            form.setFieldsValue({ category: row.category ?? undefined, tenantIds: [] });
            setDeploying(row);
          },
        },
      ],
    }),
    [form],
  );

  const deploy = async () => {
    if (!deploying) return;
    const values = form.getFieldsValue();
    try {
      toast.success(
        (await deployModel(deploying.id, values.category, values.tenantIds?.join(',') || undefined)) ||
          t(L('deployed')),
      );
      setDeploying(null);
    } catch {
      // shown by the HTTP layer
    }
  };

  return (
    <>
      <CrudPage option={option} api={modelApi} ref={handle} />
      {designing && (
        <Suspense fallback={null}>
          <Designer
            model={designing}
            onClose={(saved) => {
              setDesigning(null);
              if (saved) handle.current?.refresh();
            }}
          />
        </Suspense>
      )}
      {deploying && (
        <Modal
          open
          title={t(L('deployTitle'), { name: deploying.name })}
          onOk={deploy}
          onCancel={() => setDeploying(null)}
        >
          <Form form={form} layout="vertical" name="flow-deploy">
            <Form.Item name="category" label={t(L('category'))}>
              <Input maxLength={64} />
            </Form.Item>
            {platform && (
              <Form.Item name="tenantIds" label={t(L('tenantIds'))} extra={t(L('tenantIdsTip'))}>
                <Select
                  mode="multiple"
                  allowClear
                  options={(tenants.data ?? []).map((tenant) => ({
                    value: tenant.tenantId,
                    label: tenant.tenantName,
                  }))}
                />
              </Form.Item>
            )}
          </Form>
        </Modal>
      )}
    </>
  );
}
