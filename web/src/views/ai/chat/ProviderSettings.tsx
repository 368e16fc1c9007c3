import { Alert, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProviderRead, providerApi } from '#src/api/knowledge';
import { toast } from '#src/app/feedback';

const L = (key: string) => `index.aiChat.${key}`;

/** The tenant's model provider (tenant administrators). The stored key is never shown: empty keeps it. */
export default function ProviderSettings({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [stored, setStored] = useState<ProviderRead | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void providerApi.detail().then((detail) => {
      setStored(detail);
      form.setFieldsValue({ ...detail, enabled: detail.enabled === 1 });
    });
  }, [form]);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await providerApi.save({
        ...values,
        apiKey: values.apiKey ? values.apiKey : undefined,
        enabled: values.enabled ? 1 : 0,
      });
      toast.success(t(L('saved')));
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t(L('provider'))} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy}>
      <Alert type="info" showIcon message={t(L('providerHint'))} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" data-form="ai-provider">
        <Form.Item
          name="baseUrl"
          label={t(L('baseUrl'))}
          rules={[{ required: true, pattern: /^https?:\/\/.{4,}/ }]}
        >
          <Input placeholder="https://api.example.com/v1" />
        </Form.Item>
        <Form.Item name="apiKey" label={t(L('apiKey'))}>
          <Input.Password placeholder={stored?.hasKey ? t(L('apiKeyKept')) : ''} autoComplete="off" />
        </Form.Item>
        <Form.Item name="model" label={t(L('model'))} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="temperature" label={t(L('temperature'))} initialValue={0.2}>
          <InputNumber min={0} max={2} step={0.1} />
        </Form.Item>
        <Form.Item name="maxTokens" label={t(L('maxTokens'))} initialValue={1024}>
          <InputNumber min={1} max={32000} />
        </Form.Item>
        <Form.Item name="timeoutSeconds" label={t(L('timeoutSeconds'))} initialValue={120}>
          <InputNumber min={5} max={600} />
        </Form.Item>
        <Form.Item name="enabled" label={t(L('enabled'))} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
