import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { tabFor } from '#src/app/guard';
import {
  fromAntdOrder,
  isTableParam,
  parseTableState,
  snakeCase,
  sortParams,
  toAntdOrder,
  withoutTableState,
  writeTableState,
} from './tableState';
import type { CrudColumn } from './types';
import { sortKeyOf, toSearchForm, toSearchWire } from './values';

type Row = { account: string; realName: string; createTime: string; status: number };

describe('table state in the URL', () => {
  it('round-trips page, size, sort and filters, keeping the page’s own parameters', () => {
    const state = {
      current: 3,
      size: 30,
      sort: { key: 'create_time', order: 'desc' as const },
      filters: { account: 'zhang', createTime_datege: '2026-01-01 00:00:00' },
    };
    const params = writeTableState('name=x&current=9&q.old=1', state);
    expect(params.get('name')).toBe('x');
    expect(params.get('q.old')).toBeNull();
    expect(params.toString()).toBe(
      'name=x&current=3&size=30&descs=create_time&q.account=zhang&q.createTime_datege=2026-01-01+00%3A00%3A00',
    );
    expect(parseTableState(params)).toEqual(state);
  });

  it('leaves the defaults out, so an untouched table keeps a clean URL', () => {
    expect(writeTableState('', { current: 1, size: 10, filters: { empty: '' } }).toString()).toBe('');
    expect(parseTableState('')).toEqual({ current: 1, size: 10, filters: {} });
  });

  it('falls back to the defaults on malformed values', () => {
    const state = parseTableState('current=-2&size=7&q.=x&q.account=');
    expect(state).toEqual({ current: 1, size: 10, filters: {} });
    expect(parseTableState('current=2.5&size=abc').current).toBe(1);
  });

  it('reads ascs and descs (descs wins when both came in)', () => {
    expect(parseTableState('ascs=account').sort).toEqual({ key: 'account', order: 'asc' });
    expect(parseTableState('ascs=account&descs=real_name').sort).toEqual({ key: 'real_name', order: 'desc' });
  });

  it('keeps the table state out of the tab key, and remembers it as the tab URL', () => {
    expect(isTableParam('q.account') && isTableParam('descs') && !isTableParam('name')).toBe(true);
    expect(withoutTableState('name=a&current=2&q.x=1').toString()).toBe('name=a');
    expect(tabFor('/system/user', new URLSearchParams('current=2&descs=account'), {})).toEqual({
      key: '/system/user',
      path: '/system/user',
      url: '/system/user?current=2&descs=account',
    });
    expect(tabFor('/system/user', new URLSearchParams(), {})).toEqual({
      key: '/system/user',
      path: '/system/user',
    });
  });
});

describe('sort mapping', () => {
  it('sends the camelCase prop as the snake_case column BladeX sorts by', () => {
    expect(snakeCase('createTime')).toBe('create_time');
    expect(snakeCase('realName')).toBe('real_name');
    expect(snakeCase('account')).toBe('account');
    expect(snakeCase('attachSize')).toBe('attach_size');
    const column: CrudColumn<Row> = { prop: 'realName', label: 'x', sortable: true };
    expect(sortKeyOf(column)).toBe('real_name');
    expect(sortKeyOf({ ...column, sortBy: 'name' })).toBe('name');
  });

  it('maps antd’s sorter to ascs/descs and back', () => {
    const sort = fromAntdOrder('create_time', 'descend');
    expect(sortParams(sort)).toEqual({ descs: 'create_time' });
    expect(sortParams(fromAntdOrder('account', 'ascend'))).toEqual({ ascs: 'account' });
    expect(fromAntdOrder('account', null)).toBeUndefined();
    expect(sortParams(undefined)).toEqual({});
    expect(toAntdOrder(sort, 'create_time')).toBe('descend');
    expect(toAntdOrder(sort, 'account')).toBeNull();
  });
});

describe('search form ↔ wire filters', () => {
  const fields: CrudColumn<Row>[] = [
    { prop: 'account', label: 'a', search: true },
    { prop: 'status', label: 's', search: true, type: 'select', searchOp: 'equal' },
    { prop: 'createTime', label: 'c', search: true, searchRange: true, type: 'datetime' },
  ];

  it('sends a range as _datege/_datele and an operator field under its suffix', () => {
    const wire = toSearchWire(fields, {
      account: 'zhang',
      status: '1',
      createTime: [dayjs('2026-01-01 00:00:00'), dayjs('2026-01-31 23:59:59')],
      tenantId: '356782',
    });
    expect(wire).toEqual({
      account: 'zhang',
      status_equal: '1',
      createTime_datege: '2026-01-01 00:00:00',
      createTime_datele: '2026-01-31 23:59:59',
      tenantId: '356782',
    });
    expect(toSearchWire(fields, { createTime: [null, dayjs('2026-01-31 23:59:59')] })).toEqual({
      createTime_datele: '2026-01-31 23:59:59',
    });
  });

  it('fills the form back from the URL’s filters', () => {
    const values = toSearchForm(fields, {
      account: 'zhang',
      status_equal: '1',
      createTime_datege: '2026-01-01 00:00:00',
    });
    expect(values.account).toBe('zhang');
    expect(values.status).toBe('1');
    const [start, end] = values.createTime as [dayjs.Dayjs, null];
    expect(start.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-01-01 00:00:00');
    expect(end).toBeNull();
    expect(toSearchForm(fields, {})).toEqual({});
  });
});
