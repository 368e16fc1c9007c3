import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addRoleFunction,
  fetchRoleFunctions,
  type Role,
  type RoleFunction,
  updateRoleFunction,
} from '#src/api/roleAdmin';
import { systemKeys } from '#src/api/system';
import { toast } from '#src/app/feedback';

export interface FunctionDialogProps {
  role: Role;
  onClose(): void;
}

/**
 * 功能权限 (/api/system/function): named capabilities of a role, added and switched on or off, in the role's
 * tenant.
 */
export default function FunctionDialog({ role, onClose }: FunctionDialogProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ functionCode: string; functionName?: string }>();
  const [busy, setBusy] = useState(false);
  const key = systemKeys.of('role-functions', role.id);
  const list = useQuery({
    queryKey: key,
    queryFn: () => fetchRoleFunctions(String(role.id), role.tenantId),
    gcTime: 0,
  });
  const reload = () => client.invalidateQueries({ queryKey: key });

  const add = async (values: { functionCode: string; functionName?: string }) => {
    setBusy(true);
    try {
      await addRoleFunction({ roleId: String(role.id), ...values, enabled: 1 }, role.tenantId);
      toast.success(t('crud.addSuccess'));
      form.resetFields();
      await reload();
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };
  const toggle = async (row: RoleFunction, on: boolean) => {
    try {
      await updateRoleFunction({ id: row.id, enabled: on ? 1 : 0 }, role.tenantId);
      toast.success(t('crud.updateSuccess'));
      await reload();
    } catch {
      // shown by the HTTP layer
    }
  };

  return (
    <Modal
      open
      title={`${t('system.role.functions')}: ${role.roleName}`}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="inline" name="role-function" onFinish={add} style={{ marginBottom: 12 }}>
        <Form.Item
          name="functionCode"
          label={t('system.role.functionCode')}
          rules={[
            { required: true, whitespace: true, message: t('system.role.functionCodeRequired') },
            { max: 128 },
          ]}
        >
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="functionName" label={t('system.role.functionName')} rules={[{ max: 128 }]}>
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('system.role.addFunction')}
          </Button>
        </Space>
      </Form>
      <Table<RoleFunction>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('system.role.noFunctions') }}
        columns={[
          { key: 'code', dataIndex: 'functionCode', title: t('system.role.functionCode') },
          { key: 'name', dataIndex: 'functionName', title: t('system.role.functionName') },
          {
            key: 'enabled',
            dataIndex: 'enabled',
            title: t('system.role.enabled'),
            width: 90,
            render: (_, row) => (
              <Switch
                size="small"
                aria-label={`${t('system.role.enabled')} ${row.functionCode}`}
                checked={row.enabled === 1}
                onChange={(on) => toggle(row, on)}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
