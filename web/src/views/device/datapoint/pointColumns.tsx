import type { Rule } from 'antd/es/form';
import { collectSelectQuery, type PointFields, sourceSelectQuery } from '#src/api/deviceAdmin';
import type { CrudColumn, DicItem } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import { AddressField } from './AddressField';

const L = (key: string) => `device.datapoint.${key}`;

export const DATA_TYPES: DicItem[] = ['float', 'int', 'bool', 'string'].map((value) => ({
  value,
  label: L(`type_${value}`),
}));

/** Range max must not lie below range min (both optional). */
export const rangeRule: Rule = ({ getFieldValue }) => ({
  validator: async (_, max) => {
    if (!inOrder([getFieldValue('rangeMin'), max])) throw new Error(i18n.t(L('rangeOrder')));
  },
});

/** The given limits, blanks skipped, never decrease (lowLow ≤ low ≤ high ≤ highHigh; min ≤ max). */
export function inOrder(limits: unknown[]): boolean {
  const set = limits.filter((v) => v !== undefined && v !== null && v !== '').map(Number);
  return set.every((v, i) => i === 0 || v >= set[i - 1]);
}

/**
 * The fields a model's template point and a device's data point share (industrial.md §3: a device's point
 * starts as a copy of its model's and is overridable). `lead` columns come first (the device of a point).
 */
export function pointColumns<T extends PointFields>(lead: CrudColumn<T>[] = []): CrudColumn<T>[] {
  const col = (c: CrudColumn<PointFields>) => c as unknown as CrudColumn<T>;
  return [
    ...lead,
    col({ prop: 'code', label: L('code'), search: true, required: true, rules: [{ max: 64 }], width: 140 }),
    col({ prop: 'name', label: L('name'), search: true, required: true, rules: [{ max: 128 }], width: 160 }),
    col({ prop: 'unit', label: L('unit'), rules: [{ max: 32 }], width: 80 }),
    col({
      prop: 'dataType',
      label: L('dataType'),
      type: 'select',
      dicData: DATA_TYPES,
      value: 'float',
      width: 90,
    }),
    col({ prop: 'rangeMin', label: L('rangeMin'), type: 'number', width: 100 }),
    col({ prop: 'rangeMax', label: L('rangeMax'), type: 'number', rules: [rangeRule], width: 100 }),
    col({ prop: 'scale', label: L('scale'), type: 'number', value: 1, hide: true }),
    col({ prop: 'offset', label: L('offset'), type: 'number', value: 0, hide: true }),
    col({
      prop: 'deadband',
      label: L('deadband'),
      type: 'number',
      value: 0,
      tip: L('deadbandHint'),
      hide: true,
    }),
    col({
      prop: 'address',
      label: L('address'),
      rules: [{ max: 128 }],
      width: 120,
      overHidden: true,
      tip: L('addressTip'),
      formComponent: AddressField,
    }),
    col({
      prop: 'collectGroupId',
      label: L('collectGroupId'),
      type: 'select',
      dicQuery: collectSelectQuery,
      props: { label: 'name', value: 'id' },
      width: 120,
    }),
    col({
      prop: 'sourceId',
      label: L('sourceId'),
      type: 'select',
      dicQuery: sourceSelectQuery,
      props: { label: 'name', value: 'id' },
      hide: true,
    }),
    col({ prop: 'store', label: L('store'), type: 'switch', value: 1, tip: L('storeHint'), width: 90 }),
    col({ prop: 'sort', label: L('sort'), type: 'number', value: 0, hide: true }),
    col({ prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true }),
  ];
}
