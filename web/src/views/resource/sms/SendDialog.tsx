import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Sms, sendSms } from '#src/api/resourceAdmin';
import { toast } from '#src/app/feedback';
import { i18n } from '#src/i18n';

const PHONE = /^1[3-9]\d{9}$/;

/** Comma (or space / newline) separated 11-digit numbers; the first bad one is named. */
export function checkPhones(text: string): string | null {
  const phones = splitPhones(text);
  if (!phones.length) return i18n.t('resource.sms.phonesRequired');
  const bad = phones.find((p) => !PHONE.test(p));
  return bad ? i18n.t('resource.sms.phoneBad', { phone: bad }) : null;
}

export const splitPhones = (text: string) =>
  text
    .split(/[\s,，;；]+/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Empty, or a JSON object. */
export function checkParams(text: string): string | null {
  if (!text.trim()) return null;
  try {
    const value = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return null;
  } catch {
    // falls through
  }
  return i18n.t('resource.sms.paramsBad');
}

/** 发送: a test message through this config (`endpoint/send-message`); the server's msg on success. */
export function SendDialog({ config, onClose }: { config: Sms; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phones: string; params: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: { phones: string; params: string }) => {
    setBusy(true);
    try {
      const msg = await sendSms(
        config.smsCode,
        splitPhones(values.phones).join(','),
        values.params?.trim() || '{}',
      );
      toast.success(msg || t('resource.sms.sent'));
      onClose();
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('resource.sms.sendTitle', { code: config.smsCode })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form
        form={form}
        name="sms-send"
        layout="vertical"
        onFinish={submit}
        initialValues={{ params: '{"code": "1234"}' }}
      >
        <Form.Item
          name="phones"
          label={t('resource.sms.phones')}
          extra={t('resource.sms.phonesTip')}
          rules={[
            {
              validator: async (_, value) => {
                const error = checkPhones(String(value ?? ''));
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input placeholder="13800000000,13900000000" />
        </Form.Item>
        <Form.Item
          name="params"
          label={t('resource.sms.params')}
          rules={[
            {
              validator: async (_, value) => {
                const error = checkParams(String(value ?? ''));
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
