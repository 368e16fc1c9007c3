import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SafetyRule } from '#src/api/types';
import { confirmRules, passwordRules } from '#src/app/validators';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

interface Props {
  /** The safety rule non-admin passwords must satisfy, when the tenant uses one. */
  safety: SafetyRule | null;
  onSubmit(change: PasswordChange): Promise<void>;
}

/** Old, new and confirm with the spec §5 password rules; used by the profile and the forced change. */
export function ChangePasswordForm({ safety, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordChange>();
  const [saving, setSaving] = useState(false);

  const submit = async (change: PasswordChange) => {
    setSaving(true);
    try {
      await onSubmit(change);
      form.resetFields();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} className="pd-password-form">
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: t('validation.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('password.new')} rules={passwordRules(t, safety)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={confirmRules(t, 'newPassword')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('common.submit')}
      </Button>
    </Form>
  );
}
