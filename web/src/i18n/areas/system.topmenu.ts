import { defineArea } from '../area';

/** 顶部菜单 (/system/topmenu). */
export const systemTopmenu = defineArea('system.topmenu', {
  zh: {
    code: '菜单编号',
    name: '菜单名称',
    source: '菜单图标',
    path: '路由地址',
    sort: '菜单排序',
    setting: '菜单配置',
    settingTitle: '菜单配置: {{names}}',
    settingSaved: '配置成功',
    codeRequired: '请输入顶部菜单编号',
    nameRequired: '请输入顶部菜单名称',
  },
  en: {
    code: 'Code',
    name: 'Name',
    source: 'Icon',
    path: 'Route path',
    sort: 'Sort',
    setting: 'Menu settings',
    settingTitle: 'Menu settings: {{names}}',
    settingSaved: 'Settings saved',
    codeRequired: 'Please enter the top menu code',
    nameRequired: 'Please enter the top menu name',
  },
});
