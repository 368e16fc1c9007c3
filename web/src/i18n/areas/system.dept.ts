import { defineArea } from '../area';

/** 部门管理 (/system/dept). */
export const systemDept = defineArea('system.dept', {
  zh: {
    tenantId: '所属租户',
    deptName: '部门名称',
    fullName: '部门全称',
    parentId: '上级部门',
    deptCategory: '部门类型',
    sort: '部门排序',
    remark: '部门备注',
    addChild: '新增子项',
  },
  en: {
    tenantId: 'Tenant',
    deptName: 'Name',
    fullName: 'Full name',
    parentId: 'Parent',
    deptCategory: 'Category',
    sort: 'Order',
    remark: 'Remark',
    addChild: 'Add child',
  },
});
