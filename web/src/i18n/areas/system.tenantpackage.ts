import { defineArea } from '../area';

/** 租户产品包 (/system/tenantpackage). */
export const systemTenantpackage = defineArea('system.tenantpackage', {
  zh: {
    packageName: '产品包名称',
    menuId: '菜单权限',
    remark: '备注',
    nameRequired: '请输入产品包名称',
    menuRequired: '请选择菜单',
    menuCount: '{{count}} 个菜单',
  },
  en: {
    packageName: 'Package name',
    menuId: 'Menus',
    remark: 'Remark',
    nameRequired: 'Please enter the package name',
    menuRequired: 'Please choose the menus',
    menuCount: '{{count}} menus',
  },
});
