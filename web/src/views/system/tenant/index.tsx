import { Result } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { packageSelectQuery } from '#src/api/org';
import { type Tenant, tenantApi } from '#src/api/tenantAdmin';
import { lazyChunk } from '#src/app/registry';
import { type CrudContext, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { useIsPlatformAdmin } from '#src/components/TenantSelect';
import { i18n } from '#src/i18n';

const SettingDialog = lazyChunk(() => import('./SettingDialog'));
const PackageDialog = lazyChunk(() => import('./PackageDialog'));

const T = 'system.tenant';

type Open =
  | { kind: 'setting'; rows: Tenant[]; ctx: CrudContext<Tenant> }
  | { kind: 'package'; row: Tenant; ctx: CrudContext<Tenant> };

export const tenantOption: CrudOption<Tenant> = {
  name: 'tenant',
  urlState: true,
  permissions: { add: 'tenant_add', edit: 'tenant_edit', view: 'tenant_view', delete: 'tenant_delete' },
  dialogWidth: 860,
  columns: [
    {
      prop: 'tenantId',
      label: `${T}.tenantId`,
      search: true,
      sortable: true,
      editDisabled: true,
      tip: `${T}.tenantIdTip`,
      rules: [{ pattern: /^[0-9A-Za-z]{1,12}$/, message: `${T}.tenantIdFormat` }],
      width: 110,
    },
    {
      prop: 'tenantName',
      label: `${T}.tenantName`,
      search: true,
      sortable: true,
      rules: [{ required: true, whitespace: true, message: `${T}.nameRequired` }, { max: 50 }],
      width: 180,
    },
    { prop: 'domain', label: `${T}.domain`, rules: [{ max: 255 }], overHidden: true, width: 180 },
    { prop: 'linkman', label: `${T}.linkman`, search: true, rules: [{ max: 20 }], width: 110 },
    { prop: 'contactNumber', label: `${T}.contactNumber`, rules: [{ max: 20 }], width: 130 },
    {
      prop: 'accountNumber',
      label: `${T}.accountNumber`,
      type: 'number',
      tip: `${T}.accountNumberTip`,
      rules: [{ type: 'number', min: -1 }],
      render: (row) => accountLabel(row.accountNumber),
      width: 110,
    },
    {
      prop: 'expireTime',
      label: `${T}.expireTime`,
      type: 'datetime',
      render: (row) => row.expireTime || i18n.t(`${T}.never`),
      width: 170,
    },
    {
      prop: 'packageId',
      label: `${T}.packageId`,
      type: 'select',
      dicQuery: packageSelectQuery,
      props: { label: 'packageName', value: 'id' },
      width: 150,
    },
    { prop: 'address', label: `${T}.address`, rules: [{ max: 255 }], span: 24, hide: true },
    { prop: 'backgroundUrl', label: `${T}.backgroundUrl`, rules: [{ max: 1000 }], span: 24, hide: true },
  ],
};

/** -1 (or nothing) is an unlimited account quota. */
export function accountLabel(value: number | string | undefined | null) {
  return value === undefined || value === null || Number(value) < 0
    ? i18n.t(`${T}.unlimited`)
    : String(value);
}

/**
 * 租户管理 (/system/tenant): platform administrator only. Add creates the tenant's organisation and its
 * `admin` (password: the tenant.default.password parameter); the tenant id cannot change afterwards.
 * 授权配置 sets account quota and expiry of the selected tenants; the package row action sets the tenant
 * package, through which the tenant's menus are granted.
 */
export default function TenantPage() {
  const { t } = useTranslation();
  const platform = useIsPlatformAdmin();
  const [open, setOpen] = useState<Open | null>(null);
  const option = useMemo<CrudOption<Tenant>>(
    () => ({
      ...tenantOption,
      toolbar: [
        {
          key: 'setting',
          code: 'tenant_setting',
          label: `${T}.setting`,
          batch: true,
          onClick: (rows, ctx) => setOpen({ kind: 'setting', rows, ctx }),
        },
      ],
      rowActions: [
        {
          key: 'package',
          code: 'tenant_setting',
          label: `${T}.packageSetting`,
          onClick: (row, ctx) => setOpen({ kind: 'package', row, ctx }),
        },
      ],
    }),
    [],
  );
  if (!platform) return <Result status="403" subTitle={t(`${T}.platformOnly`)} />;
  const close = (saved: boolean) => {
    if (saved) void open?.ctx.refresh();
    setOpen(null);
  };
  return (
    <>
      <CrudPage option={option} api={tenantApi} />
      <Suspense fallback={null}>
        {open?.kind === 'setting' && <SettingDialog rows={open.rows} onClose={close} />}
        {open?.kind === 'package' && <PackageDialog row={open.row} onClose={close} />}
      </Suspense>
    </>
  );
}
