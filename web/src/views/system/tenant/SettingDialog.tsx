import { DatePicker, Form, InputNumber, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type Tenant, tenantSetting } from '#src/api/tenantAdmin';
import { toast } from '#src/app/feedback';
import { DATETIME_FORMAT } from '#src/components/CrudPage/types';
import { useSaving } from '#src/components/useSaving';

interface Values {
  accountNumber?: number | null;
  expireTime?: Dayjs | null;
}

/** 授权配置: account quota (empty = unlimited) and expiry (empty = never) of the selected tenants. */
export default function SettingDialog({ rows, onClose }: { rows: Tenant[]; onClose(saved: boolean): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSaving();
  // One tenant: start from its values; several: start empty.
  const first = rows.length === 1 ? rows[0] : undefined;
  const initial: Values = {
    accountNumber: first && (first.accountNumber ?? -1) >= 0 ? first.accountNumber : undefined,
    expireTime: first?.expireTime ? dayjs(first.expireTime) : undefined,
  };
  const submit = async (values: Values) => {
    await run(async () => {
      await tenantSetting(
        rows.map((r) => String(r.id)),
        values.accountNumber,
        values.expireTime ? values.expireTime.format(DATETIME_FORMAT) : undefined,
      );
      toast.success(t('system.tenant.saved'));
      onClose(true);
    });
  };
  return (
    <Modal
      open
      title={t('system.tenant.settingTitle', { count: rows.length })}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} name="tenant-setting" layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item
          name="accountNumber"
          label={t('system.tenant.accountNumber')}
          extra={t('system.tenant.settingAccountTip')}
          rules={[{ type: 'number', min: -1 }]}
        >
          <InputNumber precision={0} min={-1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="expireTime"
          label={t('system.tenant.expireTime')}
          extra={t('system.tenant.settingExpireTip')}
        >
          <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
