import { defineArea } from '../area';

/** 接口权限 (/authority/apiscope). */
export const authorityApiscope = defineArea('authority.apiscope', {
  zh: {
    scopeName: '权限名称',
    resourceCode: '权限编号',
    scopePath: '权限路径',
    scopePathTip: '请求路径包含此路径时需要授予该权限, 例如 /api/blade-system/post',
    scopeType: '接口类型',
    remark: '备注',
    type_1: '系统接口',
    type_2: '业务接口',
    nameRequired: '请输入权限名称',
    pathRequired: '请输入接口地址',
  },
  en: {
    scopeName: 'Scope name',
    resourceCode: 'Resource code',
    scopePath: 'API path',
    scopePathTip: 'Requests whose path contains it need this scope, e.g. /api/blade-system/post',
    scopeType: 'API type',
    remark: 'Remark',
    type_1: 'System API',
    type_2: 'Business API',
    nameRequired: 'Please enter the scope name',
    pathRequired: 'Please enter the API path',
  },
});
