import { useQuery } from '@tanstack/react-query';
import { Empty, Form, Input, Modal, Spin, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRoleTree } from '#src/api/org';
import { userKeys } from '#src/api/user';
import { fetchPlatformUser, grantRoles, type User, updatePlatform } from '#src/api/userAdmin';
import { toast } from '#src/app/feedback';
import { successMessage } from '#src/components/CrudPage';
import { DictSelect } from '#src/components/DictSelect';
import { useSaving } from '#src/components/useSaving';

export interface UserDialogProps {
  /** Which dialog: the role grant of the selected users, or one user's platform settings. */
  kind: 'grant' | 'platform';
  users: User[];
  /** The tenant the list shows (platform administrator looking into another tenant). */
  tenantId?: string;
  onClose(): void;
  onSaved(): void;
}

/** The user screen's extra dialogs, loaded on first use (antd Tree stays out of the list's chunk). */
export default function UserDialogs(props: UserDialogProps) {
  return props.kind === 'grant' ? <GrantDialog {...props} /> : <PlatformDialog {...props} />;
}

/** 角色配置: the tenant's role tree; the checked roles replace the users' roles. */
function GrantDialog({ users, tenantId, onClose, onSaved }: UserDialogProps) {
  const { t } = useTranslation();
  const tree = useQuery({
    queryKey: userKeys.of('user-org', 'roleId', tenantId ?? ''),
    queryFn: () => fetchRoleTree(tenantId),
  });
  const single = users.length === 1 ? users[0].roleId : undefined;
  const [checked, setChecked] = useState<string[]>(() => (single ? single.split(',').filter(Boolean) : []));
  const { saving, run } = useSaving();
  const save = async () => {
    if (!checked.length) {
      toast.warning(t('system.user.roleRequired'));
      return;
    }
    await run(async () => {
      const ids = users.map((u) => String(u.id));
      toast.success(successMessage(t('common.success'), await grantRoles(ids, checked, tenantId)));
      onSaved();
    });
  };
  return (
    <Modal
      open
      title={t('system.user.grantTitle')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      width={420}
      destroyOnHidden
    >
      <Spin spinning={tree.isLoading}>
        {tree.data?.length ? (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            defaultExpandAll
            height={360}
            treeData={tree.data}
            fieldNames={{ title: 'title', key: 'id', children: 'children' }}
            checkedKeys={checked}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          />
        ) : (
          <Empty />
        )}
      </Spin>
    </Modal>
  );
}

/** 平台配置: user platform (dict user_type) and the free-form extension text. */
function PlatformDialog({ users, tenantId, onClose, onSaved }: UserDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ userType?: string; userExt?: string }>();
  const user = users[0];
  const detail = useQuery({
    queryKey: userKeys.of('user-platform', user.id, tenantId ?? ''),
    queryFn: () => fetchPlatformUser(String(user.id), tenantId),
    gcTime: 0,
  });
  const { saving, run } = useSaving();
  useEffect(() => {
    if (detail.data)
      form.setFieldsValue({
        userType: detail.data.userType == null ? undefined : String(detail.data.userType),
        userExt: detail.data.userExt ?? '',
      });
  }, [detail.data, form]);
  const save = async (values: { userType?: string; userExt?: string }) => {
    await run(async () => {
      const msg = await updatePlatform(
        String(user.id),
        values.userType ?? '',
        values.userExt ?? '',
        tenantId,
      );
      toast.success(successMessage(t('crud.updateSuccess'), msg));
      onSaved();
    });
  };
  return (
    <Modal
      open
      title={t('system.user.platform')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Spin spinning={detail.isLoading}>
        <Form form={form} layout="vertical" name="user-platform" onFinish={save}>
          <Form.Item label={t('system.user.account')} htmlFor="user-platform-account">
            <Input id="user-platform-account" value={user.account} disabled />
          </Form.Item>
          <Form.Item
            name="userType"
            label={t('system.user.userType')}
            rules={[
              { required: true, message: t('crud.selectRequired', { label: t('system.user.userType') }) },
            ]}
          >
            <DictSelect code="user_type" />
          </Form.Item>
          <Form.Item name="userExt" label={t('system.user.userExt')} extra={t('system.user.userExtTip')}>
            <Input.TextArea rows={4} maxLength={2000} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
