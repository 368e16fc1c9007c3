import type { Rule } from 'antd/es/form';
import { type CollectGroup, collectApi } from '#src/api/deviceAdmin';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';

const L = (key: string) => `device.datapoint.${key}`;
const CRUD = {
  add: 'datapoint_add',
  edit: 'datapoint_edit',
  view: 'datapoint_view',
  delete: 'datapoint_delete',
};

/** JSON object text or nothing (protocol settings, source settings). */
export function isJsonObject(text: unknown): boolean {
  if (text === undefined || text === null || String(text).trim() === '') return true;
  try {
    const value = JSON.parse(String(text));
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

const jsonRule: Rule = {
  validator: async (_, value) => {
    if (!isJsonObject(value)) throw new Error(i18n.t(L('jsonInvalid')));
  },
};

const PROTOCOLS = ['modbus-tcp', 'modbus-rtu', 'opcua', 'mqtt', 'http'].map((value) => ({
  value,
  label: value,
}));

const collectOption: CrudOption<CollectGroup> = {
  name: 'datapoint-collect',
  permissions: CRUD,
  dialogWidth: 760,
  columns: [
    { prop: 'name', label: L('collectName'), search: true, required: true, rules: [{ max: 128 }] },
    { prop: 'code', label: L('collectCode'), search: true, required: true, rules: [{ max: 64 }] },
    {
      prop: 'periodMs',
      label: L('periodMs'),
      type: 'number',
      value: 1000,
      rules: [{ type: 'number', min: 100 }],
    },
    {
      prop: 'timeoutMs',
      label: L('timeoutMs'),
      type: 'number',
      value: 3000,
      rules: [{ type: 'number', min: 10 }],
    },
    {
      prop: 'retries',
      label: L('retries'),
      type: 'number',
      value: 3,
      rules: [{ type: 'number', min: 0, max: 100 }],
    },
    { prop: 'protocol', label: L('protocol'), type: 'select', dicData: PROTOCOLS },
    { prop: 'enabled', label: L('enabled'), type: 'switch', value: 1 },
    {
      prop: 'protocolConfig',
      label: L('protocolConfig'),
      type: 'textarea',
      span: 24,
      hide: true,
      rules: [jsonRule],
    },
    { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
  ],
};

/** 采集组 (datapoints-collects): poll schedules with their protocol settings. */
export function CollectGroups() {
  return <CrudPage option={collectOption} api={collectApi} />;
}
