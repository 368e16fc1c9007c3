import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import type { AxiosRequestConfig } from 'axios';
import { useTranslation } from 'react-i18next';
import type { DeptRole } from '#src/api/auth';
import { fetchDeptSelect, fetchRoleSelect, systemKeys } from '#src/api/system';

interface Props {
  userId: string;
  /** Headers for the look-ups when the token is not stored yet (during login). */
  requestConfig?: AxiosRequestConfig;
  initial?: DeptRole;
  onOk(choice: Required<DeptRole>): Promise<void> | void;
  onCancel?(): void;
}

/** Pick the department and role the session acts as (switch mode, spec §2 and §6). */
export function DeptRoleDialog({ userId, requestConfig, initial, onOk, onCancel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Required<DeptRole>>();
  const depts = useQuery({
    queryKey: systemKeys.of('dept-select', userId),
    queryFn: () => fetchDeptSelect(userId, requestConfig),
  });
  const roles = useQuery({
    queryKey: systemKeys.of('role-select', userId),
    queryFn: () => fetchRoleSelect(userId, requestConfig),
  });

  return (
    <Modal
      open
      title={t('switch.title')}
      closable={Boolean(onCancel)}
      mask={{ closable: false }}
      cancelButtonProps={{ hidden: !onCancel }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={onOk}>
        <Form.Item
          name="deptId"
          label={t('switch.dept')}
          rules={[{ required: true, message: t('switch.deptRequired') }]}
        >
          <Select
            loading={depts.isLoading}
            options={(depts.data ?? []).map((d) => ({ value: d.id, label: d.deptName }))}
          />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('switch.role')}
          rules={[{ required: true, message: t('switch.roleRequired') }]}
        >
          <Select
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
