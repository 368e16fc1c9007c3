import { SendOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { type Sms, smsApi } from '#src/api/resourceAdmin';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { enableAction, secretColumn, statusColumn } from '../oss/config';
import { SendDialog } from './SendDialog';

const base: Omit<CrudOption<Sms>, 'rowActions'> = {
  name: 'sms',
  permissions: { add: 'sms_add', edit: 'sms_edit', view: 'sms_view', delete: 'sms_delete' },
  dialogWidth: 760,
  actionWidth: 300,
  columns: [
    {
      prop: 'category',
      label: 'resource.sms.category',
      type: 'select',
      dictCode: 'sms',
      search: true,
      required: true,
      value: 5,
      width: 110,
    },
    { prop: 'smsCode', label: 'resource.sms.smsCode', search: true, required: true, rules: [{ max: 32 }] },
    {
      prop: 'templateId',
      label: 'resource.sms.templateId',
      search: true,
      required: true,
      rules: [{ max: 64 }],
    },
    secretColumn<Sms>('accessKey', 'resource.oss.accessKey', false),
    secretColumn<Sms>('secretKey', 'resource.oss.secretKey', false),
    { prop: 'regionId', label: 'resource.sms.regionId', hide: true },
    { prop: 'appId', label: 'resource.oss.appId', hide: true },
    { prop: 'signName', label: 'resource.sms.signName', rules: [{ max: 64 }] },
    statusColumn<Sms>(),
    { prop: 'remark', label: 'resource.oss.remark', type: 'textarea', span: 24, rules: [{ max: 255 }] },
  ],
};

/** 短信配置 (/resource/sms): configs, one enabled per tenant, and a test message through a config. */
export default function SmsPage() {
  const [sending, setSending] = useState<Sms | null>(null);
  const option = useMemo<CrudOption<Sms>>(
    () => ({
      ...base,
      rowActions: [
        enableAction<Sms>('sms'),
        {
          key: 'send',
          code: 'sms_send',
          label: 'resource.sms.send',
          icon: <SendOutlined />,
          onClick: setSending,
        },
      ],
    }),
    [],
  );
  return (
    <>
      <CrudPage option={option} api={smsApi} />
      {sending && <SendDialog config={sending} onClose={() => setSending(null)} />}
    </>
  );
}
