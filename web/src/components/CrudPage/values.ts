import dayjs from 'dayjs';
import { valueList } from './options';
import { type CrudColumn, type CrudMode, DATETIME_FORMAT } from './types';

/** Is the column part of the dialog of this mode (display, addDisplay / editDisplay / viewDisplay)? */
export function shownIn<T>(column: CrudColumn<T>, mode: CrudMode): boolean {
  if (column.display === false) return false;
  return column[`${mode}Display`] !== false;
}

export function disabledIn<T>(column: CrudColumn<T>, mode: CrudMode): boolean {
  return (
    mode === 'view' ||
    (mode === 'edit' && Boolean(column.editDisabled)) ||
    (mode === 'add' && Boolean(column.addDisabled))
  );
}

const isMulti = <T>(c: CrudColumn<T>) =>
  c.type === 'multi-select' || (c.type === 'tree-select' && c.multiple);

/** Wire values → form values: datetimes become dayjs, ids strings, comma lists arrays. */
export function toFormValues<T>(fields: CrudColumn<T>[], row: object): Record<string, unknown> {
  const values: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const field of fields) {
    const value = values[field.prop];
    if (value === undefined || value === null) continue;
    if (field.type === 'datetime' && value) values[field.prop] = dayjs(String(value));
    else if (isMulti(field)) values[field.prop] = valueList(value);
    else if (['select', 'radio', 'tree-select'].includes(field.type ?? ''))
      values[field.prop] = String(value);
  }
  return values;
}

/** Form values → wire values: dayjs → `YYYY-MM-DD HH:mm:ss`, arrays comma-joined for `dataType: 'string'`. */
export function toWireValues<T>(
  fields: CrudColumn<T>[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const wire = { ...values };
  for (const field of fields) {
    const value = wire[field.prop];
    if (dayjs.isDayjs(value)) wire[field.prop] = value.format(DATETIME_FORMAT);
    else if (Array.isArray(value) && field.dataType === 'string') wire[field.prop] = value.join(',');
  }
  return wire;
}

/** The add dialog's defaults: each column's `value`. */
export function defaultValues<T>(fields: CrudColumn<T>[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f.value !== undefined).map((f) => [f.prop, f.value]));
}

/**
 * Spec §8: the success toast is the server's msg or 新增成功 / 更新成功 / 删除成功. The backend's generic
 * `操作成功` counts as "no message of its own", but what it appends (the param screen's
 * `, 刷新后生效！`) is kept: 更新成功, 刷新后生效！.
 */
export function successMessage(local: string, serverMsg?: string): string {
  if (!serverMsg) return local;
  const generic = /^(操作成功[!！]?|success)/i;
  return generic.test(serverMsg) ? local + serverMsg.replace(generic, '') : serverMsg;
}
