import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DB_TYPES,
  type SourceRead,
  type SourceWrite,
  SYSTEMS,
  saveSource,
  testServer,
} from '#src/api/alarmTracking';
import { toast } from '#src/app/feedback';
import { T } from './labels';

const PORTS: Record<string, number> = { mysql: 3306, postgresql: 5432 };

/** Adds or edits a source: its system, database type and connection (the password is never shown). */
export function SourceForm({
  source,
  system,
  onClose,
}: {
  source?: SourceRead;
  system: string;
  onClose: (saved?: SourceRead) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SourceWrite>();
  const [busy, setBusy] = useState<'save' | 'test'>();
  const dbType = Form.useWatch('dbType', form) ?? source?.dbType ?? 'mysql';
  const values = async (): Promise<SourceWrite> => ({ ...(await form.validateFields()), id: source?.id });
  const run = async (what: 'save' | 'test') => {
    const body = await values();
    setBusy(what);
    try {
      if (what === 'test') {
        const info = await testServer(body);
        toast.success(t(T('connected'), { version: info.version, tables: info.tables }));
      } else {
        onClose(await saveSource(body));
      }
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Modal
      open
      width={560}
      title={t(T(source ? 'editSource' : 'addSource'))}
      onCancel={() => onClose()}
      footer={
        <Space>
          <Button onClick={() => run('test')} loading={busy === 'test'}>
            {t(T('testConnection'))}
          </Button>
          <Button onClick={() => onClose()}>{t(T('cancel'))}</Button>
          <Button type="primary" onClick={() => run('save')} loading={busy === 'save'}>
            {t(T('save'))}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon title={t(T('readOnlyHint'))} style={{ marginBottom: 12 }} />
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        initialValues={{
          system,
          dbType: 'mysql',
          port: 3306,
          ...source,
        }}
        onValuesChange={(changed) => {
          if (changed.dbType) form.setFieldValue('port', PORTS[changed.dbType]);
        }}
      >
        <Form.Item name="name" label={t(T('name'))} rules={[{ required: true, whitespace: true, max: 128 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="system" label={t(T('system'))} rules={[{ required: true }]}>
          <Select options={SYSTEMS.map((s) => ({ label: s, value: s }))} />
        </Form.Item>
        <Form.Item name="dbType" label={t(T('dbType'))} rules={[{ required: true }]}>
          <Select options={DB_TYPES.map((d) => ({ label: t(T(`dbType_${d}`)), value: d }))} />
        </Form.Item>
        {dbType !== 'sqlite' && (
          <>
            <Form.Item
              name="host"
              label={t(T('host'))}
              rules={[{ required: true, whitespace: true, max: 255 }]}
            >
              <Input placeholder="db.plant.example" />
            </Form.Item>
            <Form.Item name="port" label={t(T('port'))} rules={[{ required: true }]}>
              <InputNumber min={1} max={65535} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="database"
          label={t(T('database'))}
          rules={[{ required: true, whitespace: true, max: 255 }]}
        >
          <Input placeholder={dbType === 'sqlite' ? 'mes.db' : undefined} />
        </Form.Item>
        {dbType !== 'sqlite' && (
          <>
            <Form.Item name="username" label={t(T('username'))} rules={[{ max: 128 }]}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="password" label={t(T('password'))} rules={[{ max: 255 }]}>
              <Input.Password
                autoComplete="new-password"
                placeholder={source?.passwordSet ? t(T('passwordKept')) : undefined}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="remark" label={t(T('remark'))} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
