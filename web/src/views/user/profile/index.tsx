import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Form, Input, Space, Tabs, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPasswordMode } from '#src/api/auth';
import type { UserInfo } from '#src/api/types';
import { fetchUserInfo, updateInfo, updatePassword, uploadAvatar, userKeys } from '#src/api/user';
import { reloadAccount } from '#src/app/account';
import { toast } from '#src/app/feedback';
import { isAdminRole, useSession } from '#src/app/stores/session';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  emailRules,
  parsePasswordMode,
  phoneRules,
} from '#src/app/validators';
import { ChangePasswordForm, type PasswordChange } from '#src/components/ChangePasswordForm';

/** Profile (/info/index): personal info and change password (spec §2, §5). */
export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <Card className="pd-profile">
      <Tabs
        items={[
          { key: 'info', label: t('profile.info'), children: <InfoForm /> },
          { key: 'password', label: t('profile.password'), children: <PasswordTab /> },
        ]}
      />
    </Card>
  );
}

function InfoForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserInfo>();
  const [saving, setSaving] = useState(false);
  const info = useQuery({ queryKey: userKeys.of('user-info'), queryFn: () => fetchUserInfo() });
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    if (info.data) form.setFieldsValue(info.data.user);
  }, [info.data, form]);

  const checkAvatar = (file: File) => {
    if (!AVATAR_TYPES.includes(file.type)) {
      toast.error(t('profile.avatarType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(t('profile.avatarSize'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const submit = async (values: UserInfo) => {
    setSaving(true);
    try {
      const { avatar, realName, phone, email } = { ...info.data?.user, ...values };
      await updateInfo({ avatar, realName, phone, email });
      toast.success(t('common.success'));
      await reloadAccount();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      className="pd-profile-form"
      disabled={info.isLoading}
    >
      <Form.Item name="avatar" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t('profile.avatar')}>
        <Space>
          <Avatar size={80} src={avatar || undefined} icon={<UserOutlined />} />
          <Upload
            accept=".jpg,.jpeg,.png"
            showUploadList={false}
            beforeUpload={checkAvatar}
            customRequest={({ file, onSuccess, onError }) => {
              uploadAvatar(file as File)
                .then((link) => {
                  form.setFieldValue('avatar', link);
                  onSuccess?.(link);
                })
                .catch((error) => onError?.(error));
            }}
          >
            <Button icon={<UploadOutlined />}>{t('profile.upload')}</Button>
          </Upload>
        </Space>
      </Form.Item>
      <Form.Item
        name="realName"
        label={t('profile.realName')}
        rules={[{ required: true, message: t('profile.realNameRequired') }]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="account" label={t('profile.account')}>
        <Input disabled />
      </Form.Item>
      <Form.Item name="phone" label={t('profile.phone')} rules={phoneRules(t)}>
        <Input maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="email" label={t('profile.email')} rules={emailRules(t)}>
        <Input />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('common.submit')}
      </Button>
    </Form>
  );
}

function PasswordTab() {
  const { t } = useTranslation();
  const roleName = useSession((s) => s.auth?.role_name);
  // Spec §5: non-admin passwords must satisfy the tenant's safety rule.
  const mode = useQuery({
    queryKey: userKeys.of('password-mode'),
    queryFn: fetchPasswordMode,
    enabled: !isAdminRole(roleName),
  });
  const submit = async ({ oldPassword, newPassword, newPassword1 }: PasswordChange) => {
    await updatePassword(oldPassword, newPassword, newPassword1);
    toast.success(t('password.changed'));
  };
  return <ChangePasswordForm safety={parsePasswordMode(mode.data)} onSubmit={submit} />;
}
