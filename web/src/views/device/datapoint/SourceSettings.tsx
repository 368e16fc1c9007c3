import { ApiOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Descriptions, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PointSource } from '#src/api/deviceAdmin';
import { type ConnectionAnswer, testConnection } from '#src/api/deviceCollect';
import type { CrudFieldProps } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import { serverText } from '../serverText';

const L = (key: string) => `device.datapoint.${key}`;

/** A source row with its form-only field (the connection test sits in the dialog, not in the record). */
export type SourceRow = PointSource & { connectionTest?: never };

/** The source types with a tab of their own on the sources screen. */
export type SourceKind = 'mqtt' | 'opcua' | 'modbus' | 'http';
export type Settings = Record<string, unknown>;

/** A source's `config` JSON as an object ({} when empty or not an object). */
export function parseSettings(text: unknown): Settings {
  try {
    const value = JSON.parse(String(text ?? '') || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

interface Setting {
  key: string;
  /** i18n key of the label (`set_<key>` by default). */
  label?: string;
  kind?: 'text' | 'password' | 'number' | 'select' | 'switch' | 'pem';
  options?: (string | number)[];
  placeholder?: string;
  required?: boolean;
  /** Shown only for these settings (e.g. the serial line's fields for transport `rtu`). */
  when?: (settings: Settings) => boolean;
  span?: number;
  /** Default of a switch. */
  on?: boolean;
  /** Stored sealed and never sent back (collect/specs.py): the field stays empty, and left empty keeps the
   * stored one. */
  secret?: boolean;
}

const tls = (s: Settings) => /^(mqtts|ssl|tls):/i.test(String(s.url ?? ''));
const serial = (s: Settings) => s.transport === 'rtu';
const secured = (s: Settings) => (s.securityPolicy ?? 'None') !== 'None';
const COMMON: Setting[] = [
  { key: 'timeoutMs', kind: 'number', placeholder: '5000' },
  { key: 'enabled', kind: 'switch', on: true },
];

/** Each type's settings (the keys of its `config`, as the collectors read them: collect/specs.py). */
export const SETTINGS: Record<SourceKind, Setting[]> = {
  mqtt: [
    { key: 'url', required: true, placeholder: 'mqtt://127.0.0.1:1883 | mqtts://broker:8883', span: 24 },
    { key: 'topic', placeholder: 'plantdesk/{tenantId}/+/+' },
    { key: 'clientId', placeholder: 'plantdesk-{id}' },
    { key: 'username' },
    { key: 'password', kind: 'password', secret: true },
    { key: 'caCertificate', kind: 'pem', when: tls, span: 24, placeholder: '-----BEGIN CERTIFICATE-----' },
    { key: 'clientCertificate', kind: 'pem', when: tls, placeholder: '-----BEGIN CERTIFICATE-----' },
    {
      key: 'clientKey',
      kind: 'pem',
      when: tls,
      placeholder: '-----BEGIN PRIVATE KEY-----',
      secret: true,
    },
    { key: 'tlsVerify', kind: 'switch', on: true, when: tls },
    ...COMMON,
  ],
  opcua: [
    { key: 'endpoint', required: true, placeholder: 'opc.tcp://host:4840/path', span: 24 },
    { key: 'securityPolicy', kind: 'select', options: ['None', 'Basic256Sha256'] },
    { key: 'mode', kind: 'select', options: ['subscribe', 'poll'] },
    { key: 'username' },
    { key: 'password', kind: 'password', secret: true },
    { key: 'trustedCertificate', when: secured, span: 24, placeholder: 'AB:CD:…' },
    ...COMMON,
  ],
  modbus: [
    { key: 'transport', kind: 'select', options: ['tcp', 'rtu-over-tcp', 'rtu'] },
    { key: 'unitId', kind: 'number', placeholder: '1' },
    { key: 'host', when: (s) => !serial(s), required: true, placeholder: '192.168.1.10' },
    { key: 'port', kind: 'number', when: (s) => !serial(s), placeholder: '502' },
    { key: 'serialPort', when: serial, required: true, placeholder: '/dev/ttyUSB0' },
    {
      key: 'baudRate',
      kind: 'select',
      when: serial,
      options: [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200],
    },
    { key: 'parity', kind: 'select', when: serial, options: ['N', 'E', 'O'] },
    { key: 'stopBits', kind: 'select', when: serial, options: [1, 2] },
    { key: 'dataBits', kind: 'select', when: serial, options: [8, 7] },
    ...COMMON,
  ],
  http: [{ key: 'timeoutMs', kind: 'number', placeholder: '5000' }],
};

/** What a new source of the type starts with. */
export const DEFAULTS: Record<SourceKind, Settings> = {
  mqtt: { url: 'mqtt://127.0.0.1:1883', timeoutMs: 5000 },
  opcua: { endpoint: 'opc.tcp://127.0.0.1:4840', securityPolicy: 'None', timeoutMs: 5000 },
  modbus: { transport: 'tcp', host: '127.0.0.1', port: 502, unitId: 1, timeoutMs: 5000 },
  http: { timeoutMs: 5000 },
};

const shown = (setting: Setting, settings: Settings) => !setting.when || setting.when(settings);
const labelOf = (setting: Setting) => setting.label ?? L(`set_${setting.key}`);

/** The config field's rule: the type's required settings (those shown) are filled in. */
export function settingsRule(kind: SourceKind): Rule {
  return {
    validator: async (_, value) => {
      const settings = parseSettings(value);
      const missing = SETTINGS[kind].find(
        (s) => s.required && shown(s, settings) && String(settings[s.key] ?? '').trim() === '',
      );
      if (missing) throw new Error(i18n.t('crud.inputRequired', { label: i18n.t(labelOf(missing)) }));
    },
  };
}

/** The type's settings as form fields, read from and written to the source's `config` JSON; keys the form
 * does not know are kept. */
export function SettingsEditor({
  value,
  onChange,
  disabled,
  kind,
  form,
}: CrudFieldProps<SourceRow> & { kind: SourceKind }) {
  const { t } = useTranslation();
  const settings = parseSettings(value);
  // The secrets the saved source holds (the record's `secretsSet`; the form has no field of its own for it).
  const stored: string[] = Form.useWatch('secretsSet', { form, preserve: true }) ?? [];
  const set = (key: string, next: unknown) => {
    const out: Settings = { ...settings, [key]: next };
    if (next === undefined || next === null || next === '') delete out[key];
    onChange?.(JSON.stringify(out));
  };
  return (
    <Row gutter={12} data-source-settings={kind}>
      {SETTINGS[kind]
        .filter((s) => shown(s, settings))
        .map((s) => (
          <Col key={s.key} xs={24} sm={s.span ?? 12}>
            <Form.Item label={t(labelOf(s))} required={s.required} extra={tipOf(t, s)}>
              <SettingInput
                setting={s}
                kept={Boolean(s.secret) && stored.includes(s.key)}
                value={settings[s.key]}
                disabled={disabled}
                onChange={(next) => set(s.key, next)}
              />
            </Form.Item>
          </Col>
        ))}
    </Row>
  );
}

const tipOf = (t: (key: string) => string, setting: Setting) => {
  const key = L(`tip_${setting.key}`);
  return i18n.exists(key) ? t(key) : undefined;
};

function SettingInput({
  setting,
  kept,
  value,
  disabled,
  onChange,
}: {
  setting: Setting;
  /** A secret the saved source holds: the empty field says so. */
  kept?: boolean;
  value: unknown;
  disabled?: boolean;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const label = t(labelOf(setting));
  const common = { disabled, 'aria-label': label, 'data-setting': setting.key };
  switch (setting.kind) {
    case 'number':
      return (
        <InputNumber
          {...common}
          style={{ width: '100%' }}
          min={0}
          value={typeof value === 'number' ? value : value ? Number(value) : null}
          placeholder={setting.placeholder}
          onChange={(next) => onChange(next ?? undefined)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          allowClear
          value={value as string | number | undefined}
          placeholder={setting.options?.[0]}
          options={setting.options?.map((option) => ({ value: option, label: String(option) }))}
          onChange={(next) => onChange(next)}
        />
      );
    case 'switch':
      return (
        <Switch
          {...common}
          checked={value === undefined ? Boolean(setting.on) : value !== false}
          onChange={(checked) => onChange(checked)}
        />
      );
    case 'password':
      return (
        <Input.Password
          {...common}
          autoComplete="new-password"
          placeholder={kept ? t(L('secretKept')) : undefined}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'pem':
      return (
        <Input.TextArea
          {...common}
          rows={3}
          spellCheck={false}
          value={String(value ?? '')}
          placeholder={kept ? t(L('secretKept')) : setting.placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return (
        <Input
          {...common}
          value={String(value ?? '')}
          placeholder={setting.placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

/** The add / edit dialog's connection test: the form's settings as they stand (saved or not), the server's
 * answer under the button; an OPC UA server certificate not yet trusted is shown with a button that trusts
 * it in the form (saved with the source). */
export function ConnectionTestField({
  form,
  kind,
  disabled,
}: CrudFieldProps<SourceRow> & { kind: SourceKind }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<ConnectionAnswer | null>(null);
  const [testing, setTesting] = useState(false);
  const run = async () => {
    setTesting(true);
    setAnswer(null);
    try {
      // With the saved source's id: a secret the form leaves empty is the stored one.
      setAnswer(
        await testConnection({
          id: form.getFieldValue('id'),
          type: kind,
          config: form.getFieldValue('config') ?? '{}',
        }),
      );
    } catch {
      // a refused setting: the HTTP layer has shown the server's message
    } finally {
      setTesting(false);
    }
  };
  const certificate = answer?.certificate;
  const trust = () => {
    if (!certificate) return;
    const settings = parseSettings(form.getFieldValue('config'));
    form.setFieldValue(
      'config',
      JSON.stringify({ ...settings, trustedCertificate: certificate.fingerprint }),
    );
    setAnswer(null);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-connection-test>
      <Button icon={<ApiOutlined />} loading={testing} disabled={disabled} onClick={run}>
        {t(L('testConnection'))}
      </Button>
      {answer && (
        <Alert
          type={answer.success ? 'success' : 'error'}
          showIcon
          data-test-answer={answer.success ? 'ok' : 'failed'}
          message={`${t(L(answer.success ? 'testOk' : 'testFailed'))} (${answer.elapsedMs} ms)`}
          description={
            <Space direction="vertical" style={{ width: '100%' }}>
              <span>{serverText(answer.message)}</span>
              {certificate && <CertificateView certificate={certificate} />}
              {certificate && !answer.success && (
                <Button size="small" icon={<SafetyCertificateOutlined />} onClick={trust}>
                  {t(L('trustCertificate'))}
                </Button>
              )}
            </Space>
          }
        />
      )}
    </Space>
  );
}

/** A server certificate as the user checks it before trusting it: fingerprint, subject, valid until. */
export function CertificateView({
  certificate,
}: {
  certificate: { fingerprint: string; subject: string; notAfter: number };
}) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t(L('certFingerprint'))}>
        <code data-certificate-fingerprint style={{ wordBreak: 'break-all' }}>
          {certificate.fingerprint}
        </code>
      </Descriptions.Item>
      <Descriptions.Item label={t(L('certSubject'))}>{certificate.subject}</Descriptions.Item>
      <Descriptions.Item label={t(L('certValidTo'))}>
        {new Date(certificate.notAfter).toLocaleString()}
      </Descriptions.Item>
    </Descriptions>
  );
}
