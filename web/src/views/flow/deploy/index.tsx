import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkUpload, deployUpload } from '#src/api/flow';
import { tenantSelectQuery } from '#src/api/org';
import { toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';
import { useIsPlatformAdmin } from '#src/components/TenantSelect';

const L = (key: string) => `flow.${key}`;

/**
 * 模型部署 (/flow/deploy): deploy BPMN files (.bpmn20.xml) with a category, to the caller's tenant or, for the
 * platform administrator, to chosen tenants. Each chosen file is checked at once (/manager/check-upload): one the
 * engine would refuse is marked with the reason and blocks the deployment. Button code: deploy_upload.
 */
export default function DeployPage() {
  const { t } = useTranslation();
  const can = useAccess();
  const platform = useIsPlatformAdmin();
  const tenants = useQuery({ ...tenantSelectQuery, enabled: platform });
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ category?: string; tenantIds?: string[] }>();

  // A new file is checked at once; its entry shows the processes it holds, or why it would not deploy.
  const check = async (file: UploadFile) => {
    const answer = await checkUpload(file.originFileObj as File).catch(() => null);
    const status: UploadFile['status'] = answer?.success ? 'done' : 'error';
    const response = answer?.success
      ? t(L('fileHolds'), { keys: answer.processes.join(', ') })
      : answer?.message;
    if (answer && !answer.success) toast.warning(`${file.name}: ${answer.message}`);
    setFiles((list) => list.map((f) => (f.uid === file.uid ? { ...f, status, response } : f)));
  };

  const submit = async (values: { category?: string; tenantIds?: string[] }) => {
    if (!files.length) {
      toast.warning(t(L('pickFiles')));
      return;
    }
    if (files.some((file) => file.status !== 'done')) {
      toast.warning(t(L('fixFiles')));
      return;
    }
    setBusy(true);
    try {
      await deployUpload(
        files.map((file) => file.originFileObj as File),
        values.category,
        values.tenantIds?.join(',') || undefined,
      );
      toast.success(t(L('deployed')));
      setFiles([]);
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t(L('upload'))} style={{ maxWidth: 720 }}>
      <Form form={form} layout="vertical" name="flow-upload" onFinish={submit}>
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
        <Form.Item label={t(L('files'))} extra={t(L('filesTip'))}>
          <Upload
            multiple
            accept=".xml,.bpmn"
            fileList={files}
            beforeUpload={() => false}
            onChange={({ file, fileList }) => {
              // Entries keep what their check found; a new one is checked (antd calls once per file).
              setFiles((shown) =>
                fileList.map((f) => shown.find((old) => old.uid === f.uid) ?? { ...f, status: 'uploading' }),
              );
              const added = fileList.find((f) => f.uid === file.uid && !f.status);
              if (added) void check(added);
            }}
          >
            <Button icon={<UploadOutlined />}>{t(L('chooseFiles'))}</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!can('deploy_upload')}>
          {t(L('deploy'))}
        </Button>
      </Form>
    </Card>
  );
}
