import { defineArea } from '../area';

/** 岗位管理 (/system/post). */
export const systemPost = defineArea('system.post', {
  zh: {
    tenantId: '所属租户',
    category: '岗位类型',
    postCode: '岗位编号',
    postName: '岗位名称',
    sort: '岗位排序',
    remark: '岗位描述',
  },
  en: {
    tenantId: 'Tenant',
    category: 'Category',
    postCode: 'Code',
    postName: 'Name',
    sort: 'Order',
    remark: 'Description',
  },
});
