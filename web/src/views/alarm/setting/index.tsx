import { EyeOutlined, RedoOutlined } from '@ant-design/icons';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Switch, Table, Tabs, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alarmKeys,
  authUserQuery,
  cycleApi,
  fetchMailParams,
  fetchSetting,
  fetchTenantInit,
  type GroupRead,
  groupApi,
  initializeTenant,
  type LevelRead,
  levelApi,
  type MailParamsRead,
  modelFieldQuery,
  previewTemplate,
  retryJobs,
  type SettingRead,
  saveMailParams,
  saveSetting,
  type TemplateRead,
  type TimeCycleRead,
  templateApi,
  type UnusualRead,
  unusualApi,
} from '#src/api/alarm';
import { toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';
import { type CrudOption, CrudPage, READ_ONLY } from '#src/components/CrudPage';
import { useSaving } from '#src/components/useSaving';

const L = (key: string) => `alarm.${key}`;
const EDIT = 'setting_edit';
const CONFIG = { add: EDIT, edit: EDIT, delete: EDIT };
const HHMM = { pattern: /^([01]\d|2[0-4]):[0-5]\d$/, message: 'HH:MM' };

/**
 * 全局设置 (/alarm/setting): the tenant's alarm switches, the SMTP parameters groups mail through, levels, groups (authorised users, escalation), time
 * cycles, notification templates (with the model fields they may name) and the unusual jobs.
 */
export default function AlarmSettingPage() {
  const { t } = useTranslation();
  return (
    <>
      <TenantInit />
      <Tabs
        items={[
          { key: 'settings', label: t(L('settings')), children: <Settings /> },
          { key: 'mail', label: t(L('mail')), children: <Mail /> },
          { key: 'levels', label: t(L('levels')), children: <Levels /> },
          { key: 'groups', label: t(L('groups')), children: <Groups /> },
          { key: 'cycles', label: t(L('cycles')), children: <Cycles /> },
          { key: 'templates', label: t(L('templates')), children: <Templates /> },
          { key: 'unusual', label: t(L('unusual')), children: <Unusual /> },
        ]}
      />
    </>
  );
}

/** A tenant with no levels or time cycle is told so, with the defaults one click away. */
function TenantInit() {
  const { t } = useTranslation();
  const can = useAccess();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: alarmKeys.of('tenantInit'), queryFn: fetchTenantInit });
  const { saving, run } = useSaving();
  if (!query.data || query.data.initialized) return null;
  const initialize = () =>
    run(async () => {
      toast.success((await initializeTenant()) ?? '');
      queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    });
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t(L('notInitialized'))}
      action={
        can(EDIT) ? (
          <Button size="small" type="primary" loading={saving} onClick={initialize}>
            {t(L('initialize'))}
          </Button>
        ) : null
      }
    />
  );
}

/** One settings card: the tenant's stored values in a form, saved by its button (the save's message shown). */
function SettingsForm<Data, Values extends object>({
  queryKey,
  fetch,
  toValues,
  save,
  children,
}: {
  queryKey: QueryKey;
  fetch: () => Promise<Data | null | undefined>;
  toValues: (data: Data) => Values;
  save: (values: Values) => Promise<string | null | undefined>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const can = useAccess();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: fetch });
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSaving();
  useEffect(() => {
    if (query.data) form.setFieldsValue(toValues(query.data) as Parameters<typeof form.setFieldsValue>[0]);
  }, [query.data, form, toValues]);
  const submit = () =>
    run(async () => {
      toast.success((await save(await form.validateFields())) ?? '');
      queryClient.invalidateQueries({ queryKey });
    });
  return (
    <Card size="small" style={{ maxWidth: 560 }}>
      <Form form={form} layout="horizontal" labelCol={{ span: 8 }} disabled={!can(EDIT)}>
        {children}
        <Form.Item wrapperCol={{ offset: 8 }}>
          <Button type="primary" onClick={submit} loading={saving}>
            {t(L('save'))}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

const SETTING_KEY = alarmKeys.of('setting');
const settingValues = (data: SettingRead) => ({
  enabled: data.enabled === 1,
  notify: data.notify === 1,
  keepDays: data.keepDays,
});
const saveSettingValues = (values: ReturnType<typeof settingValues>) =>
  saveSetting({ enabled: values.enabled ? 1 : 0, notify: values.notify ? 1 : 0, keepDays: values.keepDays });

function Settings() {
  const { t } = useTranslation();
  return (
    <SettingsForm
      queryKey={SETTING_KEY}
      fetch={fetchSetting}
      toValues={settingValues}
      save={saveSettingValues}
    >
      <Form.Item name="enabled" label={t(L('settingEnabled'))} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="notify" label={t(L('settingNotify'))} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="keepDays" label={t(L('keepDays'))} rules={[{ required: true }]}>
        <InputNumber min={1} max={3650} />
      </Form.Item>
    </SettingsForm>
  );
}

const MAIL_KEY = alarmKeys.of('mail');
// The password is never sent back: the field starts empty, and empty keeps the stored one.
const mailValues = (data: MailParamsRead) => ({
  smtpHost: data.smtpHost ?? '',
  smtpPort: data.smtpPort,
  smtpUser: data.smtpUser ?? '',
  smtpPassword: '',
  smtpFrom: data.smtpFrom ?? '',
  smtpTls: data.smtpTls === 1,
});
const saveMailValues = (values: ReturnType<typeof mailValues>) =>
  saveMailParams({ ...values, smtpTls: values.smtpTls ? 1 : 0 });

function Mail() {
  const { t } = useTranslation();
  const stored = useQuery({ queryKey: MAIL_KEY, queryFn: fetchMailParams });
  return (
    <SettingsForm queryKey={MAIL_KEY} fetch={fetchMailParams} toValues={mailValues} save={saveMailValues}>
      <Form.Item
        name="smtpHost"
        label={t(L('smtpHost'))}
        rules={[{ max: 255 }, { pattern: /^[A-Za-z0-9.\-:[\]]*$/, message: t(L('smtpHostInvalid')) }]}
      >
        <Input placeholder="smtp.example.com" />
      </Form.Item>
      <Form.Item name="smtpPort" label={t(L('smtpPort'))} rules={[{ required: true }]}>
        <InputNumber min={1} max={65535} />
      </Form.Item>
      <Form.Item name="smtpUser" label={t(L('smtpUser'))} rules={[{ max: 255 }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="smtpPassword" label={t(L('smtpPassword'))} rules={[{ max: 255 }]}>
        <Input.Password
          autoComplete="new-password"
          placeholder={stored.data?.passwordSet ? t(L('smtpPasswordKept')) : undefined}
        />
      </Form.Item>
      <Form.Item name="smtpFrom" label={t(L('smtpFrom'))} rules={[{ max: 255 }]}>
        <Input placeholder="alarms@example.com" />
      </Form.Item>
      <Form.Item name="smtpTls" label={t(L('smtpTls'))} valuePropName="checked">
        <Switch />
      </Form.Item>
    </SettingsForm>
  );
}

function Levels() {
  const option = useMemo<CrudOption<LevelRead>>(
    () => ({
      name: 'alarm-level',
      permissions: CONFIG,
      columns: [
        { prop: 'level', label: L('levelNo'), type: 'number', required: true, width: 90 },
        { prop: 'name', label: L('level'), required: true, rules: [{ max: 64 }] },
        { prop: 'color', label: L('color'), rules: [{ max: 16 }], width: 120 },
        { prop: 'sort', label: L('batch'), type: 'number', hide: true, display: false },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
      ],
    }),
    [],
  );
  return <CrudPage option={option} api={levelApi} />;
}

function Groups() {
  const option = useMemo<CrudOption<GroupRead>>(
    () => ({
      name: 'alarm-group',
      permissions: CONFIG,
      columns: [
        { prop: 'name', label: L('group'), required: true, search: true, rules: [{ max: 128 }] },
        {
          prop: 'userIds',
          label: L('users'),
          type: 'select',
          multiple: true,
          dataType: 'string',
          dicQuery: authUserQuery,
          props: { label: 'realName', value: 'id' },
          hide: true,
          span: 24,
        },
        { prop: 'userNames', label: L('users'), display: false },
        {
          prop: 'notifyOn',
          label: L('notifyOn'),
          type: 'select',
          multiple: true,
          dataType: 'string',
          dicData: ['raise', 'clear', 'affirm'].map((v) => ({ label: L(`notify_${v}`), value: v })),
          value: 'raise,clear',
          width: 160,
        },
        {
          prop: 'escalateSeconds',
          label: L('escalateSeconds'),
          type: 'number',
          value: 0,
          tip: L('escalateTip'),
          width: 130,
        },
        { prop: 'escalateSteps', label: L('escalateSteps'), type: 'number', value: 1, hide: true },
        {
          prop: 'escalateUserIds',
          label: L('escalateUsers'),
          type: 'select',
          multiple: true,
          dataType: 'string',
          dicQuery: authUserQuery,
          props: { label: 'realName', value: 'id' },
          hide: true,
          span: 24,
        },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
      ],
    }),
    [],
  );
  return <CrudPage option={option} api={groupApi} />;
}

function Cycles() {
  const option = useMemo<CrudOption<TimeCycleRead>>(
    () => ({
      name: 'alarm-cycle',
      permissions: { add: EDIT, edit: EDIT },
      delBtn: false,
      selection: false,
      columns: [
        { prop: 'name', label: L('timeCycle'), required: true, rules: [{ max: 128 }] },
        {
          prop: 'days',
          label: L('days'),
          type: 'select',
          multiple: true,
          dataType: 'string',
          dicData: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ label: String(d), value: String(d) })),
          value: '1,2,3,4,5,6,7',
          required: true,
        },
        {
          prop: 'startTime',
          label: L('startTime'),
          value: '00:00',
          required: true,
          rules: [HHMM],
          width: 100,
        },
        { prop: 'endTime', label: L('endTime'), value: '24:00', required: true, rules: [HHMM], width: 100 },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
      ],
    }),
    [],
  );
  return <CrudPage option={option} api={cycleApi} />;
}

const CHANNELS = ['bell', 'email'];
const ACTIONS = ['raise', 'clear', 'affirm', 'escalate'];

function Templates() {
  const { t, i18n } = useTranslation();
  const fields = useQuery(modelFieldQuery);
  const option = useMemo<CrudOption<TemplateRead>>(
    () => ({
      name: 'alarm-template',
      permissions: CONFIG,
      columns: [
        { prop: 'name', label: L('templateName'), rules: [{ max: 128 }], width: 160 },
        {
          prop: 'channel',
          label: L('channel'),
          type: 'select',
          required: true,
          dicData: CHANNELS.map((v) => ({ label: L(`channel_${v}`), value: v })),
          width: 90,
        },
        {
          prop: 'action',
          label: L('transition'),
          type: 'select',
          required: true,
          dicData: ACTIONS.map((v) => ({ label: L(`action_${v}`), value: v })),
          width: 110,
        },
        { prop: 'title', label: L('templateTitle'), rules: [{ max: 255 }], span: 24, overHidden: true },
        {
          prop: 'content',
          label: L('templateContent'),
          type: 'textarea',
          required: true,
          span: 24,
          tip: L('templateTip'),
          rules: [{ max: 4000 }],
        },
        { prop: 'enabled', label: L('enabled'), type: 'switch', value: 1, width: 80 },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
      ],
      rowActions: [
        {
          key: 'preview',
          label: L('preview'),
          icon: <EyeOutlined />,
          onClick: async (row) => {
            const shown = await previewTemplate(row.title ?? '', row.content);
            Modal.info({
              title: shown?.title || t(L('preview')),
              width: 560,
              content: (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                  {shown?.content}
                </Typography.Paragraph>
              ),
            });
          },
        },
      ],
    }),
    [t],
  );
  return (
    <>
      <CrudPage option={option} api={templateApi} />
      <Card size="small" title={t(L('modelFields'))} style={{ marginTop: 16 }}>
        <Table
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={fields.data ?? []}
          columns={[
            {
              title: t(L('fieldKey')),
              render: (_, f) => <Typography.Text code>{`{${f.key}}`}</Typography.Text>,
            },
            { title: t(L('fieldName')), render: (_, f) => (i18n.language === 'en' ? f.nameEn : f.name) },
            { title: t(L('example')), dataIndex: 'example' },
          ]}
        />
      </Card>
    </>
  );
}

function Unusual() {
  const option = useMemo<CrudOption<UnusualRead>>(
    () => ({
      name: 'alarm-unusual',
      permissions: {},
      ...READ_ONLY,
      selection: true,
      columns: [
        {
          prop: 'job',
          label: L('job'),
          type: 'select',
          search: true,
          dicData: [
            { label: L('job_mail'), value: 'alarm.mail' },
            { label: L('job_sweep'), value: 'alarm.sweep' },
          ],
          width: 110,
        },
        { prop: 'summary', label: L('summary'), overHidden: true },
        { prop: 'error', label: L('error'), overHidden: true },
        { prop: 'attempts', label: L('attempts'), width: 90 },
        { prop: 'retried', label: L('retried'), type: 'switch', search: true, width: 80 },
        { prop: 'createTime', label: L('createTime'), width: 170 },
        { prop: 'retryTime', label: L('retryTime'), width: 170 },
      ],
      toolbar: [
        {
          key: 'retry',
          code: EDIT,
          label: L('retry'),
          icon: <RedoOutlined />,
          batch: true,
          onClick: async (rows, ctx) => {
            toast.success((await retryJobs(rows.map((r) => r.id))) ?? '');
            await ctx.refresh();
          },
        },
      ],
      rowActions: [
        {
          key: 'retry',
          code: EDIT,
          label: L('retry'),
          icon: <RedoOutlined />,
          show: (row) => !row.retried,
          onClick: async (row, ctx) => {
            toast.success((await retryJobs([row.id])) ?? '');
            await ctx.refresh();
          },
        },
      ],
    }),
    [],
  );
  return <CrudPage option={option} api={unusualApi} />;
}
