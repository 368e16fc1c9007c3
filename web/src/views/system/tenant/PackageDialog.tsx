import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemKeys } from '#src/api/system';
import { fetchPackageOptions, type Tenant, tenantPackageSetting } from '#src/api/tenantAdmin';
import { toast } from '#src/app/feedback';
import { useSaving } from '#src/components/useSaving';

/** 产品包配置: the tenant's package (its menus); no package leaves the tenant unrestricted. */
export default function PackageDialog({ row, onClose }: { row: Tenant; onClose(saved: boolean): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ packageId?: string }>();
  const { saving, run } = useSaving();
  const packages = useQuery({
    queryKey: systemKeys.of('tenant-package-select'),
    queryFn: fetchPackageOptions,
  });
  const submit = async ({ packageId }: { packageId?: string }) => {
    await run(async () => {
      await tenantPackageSetting(String(row.tenantId), packageId);
      toast.success(t('system.tenant.saved'));
      onClose(true);
    });
  };
  return (
    <Modal
      open
      title={t('system.tenant.packageTitle', { name: row.tenantName })}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form
        form={form}
        name="tenant-package"
        layout="vertical"
        initialValues={{ packageId: row.packageId ?? undefined }}
        onFinish={submit}
      >
        <Form.Item
          name="packageId"
          label={t('system.tenant.packageId')}
          extra={t('system.tenant.packageTip')}
        >
          <Select
            allowClear
            loading={packages.isLoading}
            placeholder={t('crud.selectPlaceholder', { label: t('system.tenant.packageId') })}
            options={(packages.data ?? []).map((p) => ({ value: String(p.id), label: p.packageName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
