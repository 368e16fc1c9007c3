import { type TenantPackage, tenantPackageApi } from '#src/api/systemAdmin';
import { lazyChunk } from '#src/app/registry';
import { type CrudOption, CrudPage, valueList } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';

// The antd Tree loads with the dialog, not with the list.
const MenuTreeField = lazyChunk(() => import('./MenuTreeField'));

const option: CrudOption<TenantPackage> = {
  name: 'tenantpackage',
  // Spec §2/§6: add, edit, delete; no view button.
  permissions: { add: 'tenantpackage_add', edit: 'tenantpackage_edit', delete: 'tenantpackage_delete' },
  viewBtn: false,
  dialogWidth: 720,
  columns: [
    {
      prop: 'packageName',
      label: 'system.tenantpackage.packageName',
      search: true,
      span: 24,
      rules: [
        { required: true, whitespace: true, message: 'system.tenantpackage.nameRequired' },
        { max: 50 },
      ],
    },
    {
      prop: 'menuId',
      label: 'system.tenantpackage.menuId',
      type: 'tree-select',
      multiple: true,
      dataType: 'string',
      span: 24,
      formComponent: MenuTreeField,
      rules: [{ required: true, type: 'array', min: 1, message: 'system.tenantpackage.menuRequired' }],
      render: (row) => i18n.t('system.tenantpackage.menuCount', { count: valueList(row.menuId).length }),
    },
    { prop: 'remark', label: 'system.tenantpackage.remark', type: 'textarea', span: 24 },
  ],
};

/** 租户产品包 (/system/tenantpackage): a name and the menus (with buttons) its tenants may use. */
export default function TenantPackagePage() {
  return <CrudPage option={option} api={tenantPackageApi} />;
}
