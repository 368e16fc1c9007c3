import dayjs, { type Dayjs } from 'dayjs';
import type { Query } from '#src/api/types';
import { valueList } from './options';
import { rangeNames, snakeCase } from './tableState';
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

/** The server's sort key of a column: `sortBy`, else its prop in snake_case (`createTime` → `create_time`). */
export function sortKeyOf<T>(column: CrudColumn<T>): string {
  return column.sortBy ?? snakeCase(column.prop);
}

/** The wire name a search field's value goes under: `<prop>` or `<prop>_<searchOp>`. */
const searchName = <T>(column: CrudColumn<T>) =>
  column.searchOp ? `${column.prop}_${column.searchOp}` : column.prop;

type Range = [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;

/**
 * Search form values → wire filters: a range → `<prop>_datege` / `<prop>_datele`, a `searchOp` field →
 * `<prop>_<op>`, a datetime → `YYYY-MM-DD HH:mm:ss`; values of the form's other items (a screen's `extra`)
 * pass as they are.
 */
export function toSearchWire<T>(fields: CrudColumn<T>[], values: Record<string, unknown>): Query {
  const props = new Set(fields.map((f) => f.prop as string));
  const wire: Query = {};
  for (const [name, value] of Object.entries(values)) {
    if (!props.has(name))
      wire[name] = dayjs.isDayjs(value) ? value.format(DATETIME_FORMAT) : (value as string);
  }
  for (const field of fields) {
    const value = values[field.prop];
    if (value === undefined || value === null || value === '') continue;
    if (field.searchRange) {
      const [start, end] = (value as Range) ?? [];
      const [ge, le] = rangeNames(field.prop);
      if (start) wire[ge] = start.format(DATETIME_FORMAT);
      if (end) wire[le] = end.format(DATETIME_FORMAT);
    } else if (dayjs.isDayjs(value)) wire[searchName(field)] = value.format(DATETIME_FORMAT);
    else wire[searchName(field)] = Array.isArray(value) ? value.join(',') : (value as string);
  }
  return wire;
}

/** Wire filters → the search form's values (the inverse of `toSearchWire` for the columns' fields). */
export function toSearchForm<T>(fields: CrudColumn<T>[], filters: Query): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const day = (raw: unknown) => {
    const d = raw === undefined || raw === null || raw === '' ? null : dayjs(String(raw));
    return d?.isValid() ? d : null;
  };
  for (const field of fields) {
    if (field.searchRange) {
      const [ge, le] = rangeNames(field.prop);
      const range = [day(filters[ge]), day(filters[le])];
      if (range[0] || range[1]) values[field.prop] = range;
      continue;
    }
    const raw = filters[searchName(field)];
    if (raw === undefined || raw === null || raw === '') continue;
    values[field.prop] = field.type === 'datetime' ? day(raw) : String(raw);
  }
  return values;
}
