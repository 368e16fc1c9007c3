import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerGuest } from '#src/api/auth';
import { HttpError } from '#src/api/http';
import type { TokenResponse } from '#src/api/types';
import { asToken } from '#src/app/account';
import { toast } from '#src/app/feedback';

interface Props {
  token: TokenResponse;
  /** The tenant owning this domain; when set the tenant field is prefilled and hidden. */
  domainTenant: string;
  onDone(): void;
}

interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/** 账号注册 for third-party sign-in users without an account (spec §2, §4, §5). */
export function RegisterDialog({ token, domainTenant, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterForm>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: RegisterForm) => {
    setSaving(true);
    try {
      await registerGuest({ ...values, oauthId: token.oauth_id }, asToken(token));
      toast.success(t('register.pending'));
      onDone();
    } catch (error) {
      // The HTTP layer already showed the server's message; other failures get the generic one.
      if (!(error instanceof HttpError)) toast.error(t('register.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('register.title')}
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={onDone}
      mask={{ closable: false }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ tenantId: domainTenant || token.tenant_id }}
        onFinish={submit}
      >
        <Form.Item
          name="tenantId"
          label={t('login.tenantId')}
          hidden={Boolean(domainTenant)}
          rules={[{ required: !domainTenant, message: t('register.tenantRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('register.name')}
          rules={[{ required: true, message: t('register.nameRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="account"
          label={t('register.account')}
          rules={[{ required: true, message: t('register.accountRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('register.passwordRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password2"
          label={t('password.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('register.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('register.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
