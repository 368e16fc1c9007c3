import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Switch, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  authUserQuery,
  cycleApi,
  fetchSetting,
  type GroupRead,
  groupApi,
  type LevelRead,
  levelApi,
  saveSetting,
  type TimeCycleRead,
} from '#src/api/alarm';
import { toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';

const L = (key: string) => `alarm.${key}`;
const EDIT = 'setting_edit';
const CONFIG = { add: EDIT, edit: EDIT, delete: EDIT };
const HHMM = { pattern: /^([01]\d|2[0-4]):[0-5]\d$/, message: 'HH:MM' };

/** 全局设置 (/alarm/setting): the tenant's alarm switches, levels, groups (authorised users) and time cycles. */
export default function AlarmSettingPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'settings', label: t(L('settings')), children: <Settings /> },
        { key: 'levels', label: t(L('levels')), children: <Levels /> },
        { key: 'groups', label: t(L('groups')), children: <Groups /> },
        { key: 'cycles', label: t(L('cycles')), children: <Cycles /> },
      ]}
    />
  );
}

interface SettingValues {
  enabled: boolean;
  notify: boolean;
  keepDays: number;
}

function Settings() {
  const { t } = useTranslation();
  const can = useAccess();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['alarm', 'setting'], queryFn: fetchSetting });
  const [form] = Form.useForm<SettingValues>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (query.data)
      form.setFieldsValue({
        enabled: query.data.enabled === 1,
        notify: query.data.notify === 1,
        keepDays: query.data.keepDays,
      });
  }, [query.data, form]);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      toast.success(
        (await saveSetting({
          enabled: values.enabled ? 1 : 0,
          notify: values.notify ? 1 : 0,
          keepDays: values.keepDays,
        })) ?? '',
      );
      queryClient.invalidateQueries({ queryKey: ['alarm', 'setting'] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" style={{ maxWidth: 560 }}>
      <Form form={form} layout="horizontal" labelCol={{ span: 8 }} disabled={!can(EDIT)}>
        <Form.Item name="enabled" label={t(L('settingEnabled'))} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="notify" label={t(L('settingNotify'))} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="keepDays" label={t(L('keepDays'))} rules={[{ required: true }]}>
          <InputNumber min={1} max={3650} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 8 }}>
          <Button type="primary" onClick={save} loading={busy}>
            {t(L('save'))}
          </Button>
        </Form.Item>
      </Form>
    </Card>
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
