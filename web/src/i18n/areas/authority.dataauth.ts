import { defineArea } from '../area';

/** 数据授权 (/authority/dataauth): which data scopes each role holds. */
export const authorityDataauth = defineArea('authority.dataauth', {
  zh: {
    roles: '角色',
    scopes: '数据权限',
    pickRole: '请先在左侧选择角色',
    noScopes: '暂无数据权限, 请先在数据权限中为菜单添加规则',
    save: '保存',
    reset: '还原',
    saved: '授权成功',
    summary: '已授予 {{count}} 条数据权限',
  },
  en: {
    roles: 'Roles',
    scopes: 'Data scopes',
    pickRole: 'Pick a role on the left first',
    noScopes: 'No data scopes yet: add rules to menus under Data scopes first',
    save: 'Save',
    reset: 'Revert',
    saved: 'Granted',
    summary: '{{count}} data scopes granted',
  },
});
