/** Chinese labels of the bpmn-js palette, context pad and popup menu (bpmn-js speaks English by default). */
export const ZH: Record<string, string> = {
  'Activate hand tool': '激活抓手工具',
  'Activate lasso tool': '激活套索工具',
  'Activate create/remove space tool': '激活创建/删除空间工具',
  'Activate global connect tool': '激活全局连接工具',
  'Create start event': '创建开始事件',
  'Create end event': '创建结束事件',
  'Create task': '创建任务',
  'Create gateway': '创建网关',
  'Create intermediate/boundary event': '创建中间/边界事件',
  'Create pool/participant': '创建泳池/参与者',
  'Create data object reference': '创建数据对象引用',
  'Create data store reference': '创建数据存储引用',
  'Create group': '创建分组',
  'Create expanded sub-process': '创建展开的子流程',
  'Append end event': '追加结束事件',
  'Append gateway': '追加网关',
  'Append task': '追加任务',
  'Append intermediate/boundary event': '追加中间/边界事件',
  'Append text annotation': '追加文本注释',
  'Change element': '更改类型',
  'Change type': '更改类型',
  'Connect using sequence/message flow or association': '使用顺序流/消息流或关联连接',
  'Connect to other element': '连接到其他元素',
  Delete: '删除',
  'User task': '用户任务',
  'Service task': '服务任务',
  'Script task': '脚本任务',
  Task: '任务',
  'Exclusive gateway': '排他网关',
  'Parallel gateway': '并行网关',
  'Inclusive gateway': '包容网关',
  'Start event': '开始事件',
  'End event': '结束事件',
  'Timer boundary event': '定时边界事件',
  'Timer intermediate catch event': '定时中间捕获事件',
  'Search in diagram': '在图中搜索',
  'Sequential multi-instance': '串行多实例',
  'Parallel multi-instance': '并行多实例',
  Loop: '循环',
};

/** A bpmn-js translate module: `{string}` placeholders filled, Chinese when the console speaks Chinese. */
export function translateModule(lang: string) {
  const translate = (template: string, replacements: Record<string, string> = {}) => {
    const text = lang === 'zh' ? (ZH[template] ?? template) : template;
    return text.replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
  };
  return { translate: ['value', translate] };
}
