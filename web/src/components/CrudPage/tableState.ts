import type { Query } from '#src/api/types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './types';

/**
 * A CrudPage's table state (page, size, filters, sort) and its two wire forms: the list request
 * (BladeX `current`, `size`, `ascs`/`descs` with snake_case column names, filters by wire name) and the
 * page URL (`current`, `size`, `ascs`, `descs`, and the filters as `q.<wire name>` so they never clash with
 * a page's own query values). See docs/decisions.md "One list pipeline; sorting, ranges and table state".
 */
export interface TableState {
  current: number;
  size: number;
  /** Wire filters: `account`, `createTime_datege`, ... (empty values dropped). */
  filters: Query;
  /** One sort key (snake_case column name) and its direction. */
  sort?: SortState;
}

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

export const FILTER_PREFIX = 'q.';
const PAGING = ['current', 'size', 'ascs', 'descs'];

export const DEFAULT_STATE: TableState = { current: 1, size: DEFAULT_PAGE_SIZE, filters: {} };

/** `createTime` → `create_time`: the column name BladeX sorts by (contract §2 passes it through as is). */
export function snakeCase(prop: string): string {
  return prop
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** Whether a URL parameter belongs to a table's state (the tab key leaves these out). */
export function isTableParam(name: string): boolean {
  return PAGING.includes(name) || name.startsWith(FILTER_PREFIX);
}

function positive(raw: string | null, fallback: number, max: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** The table state a URL carries (unknown or malformed values fall back to the defaults). */
export function parseTableState(search: URLSearchParams | string): TableState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const size = Number(params.get('size'));
  const filters: Query = {};
  for (const [name, value] of params) {
    if (name.startsWith(FILTER_PREFIX) && name.length > FILTER_PREFIX.length && value !== '')
      filters[name.slice(FILTER_PREFIX.length)] = value;
  }
  const ascs = params.get('ascs');
  const descs = params.get('descs');
  const sort: SortState | undefined = descs
    ? { key: descs, order: 'desc' }
    : ascs
      ? { key: ascs, order: 'asc' }
      : undefined;
  return {
    current: positive(params.get('current'), 1, 10_000_000),
    size: PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    filters,
    ...(sort ? { sort } : {}),
  };
}

/**
 * `search` with the table state written in (the page's other parameters kept, in order); defaults are
 * left out so an untouched table keeps a clean URL.
 */
export function writeTableState(search: URLSearchParams | string, state: TableState): URLSearchParams {
  const source = typeof search === 'string' ? new URLSearchParams(search) : search;
  const params = new URLSearchParams([...source].filter(([name]) => !isTableParam(name)));
  if (state.current !== 1) params.set('current', String(state.current));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  if (state.sort) params.set(state.sort.order === 'asc' ? 'ascs' : 'descs', state.sort.key);
  for (const [name, value] of Object.entries(state.filters).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )) {
    if (value !== undefined && value !== null && value !== '')
      params.set(`${FILTER_PREFIX}${name}`, String(value));
  }
  return params;
}

/** The URL without any table state: the tab key of a page. */
export function withoutTableState(search: URLSearchParams | string): URLSearchParams {
  const source = typeof search === 'string' ? new URLSearchParams(search) : search;
  return new URLSearchParams([...source].filter(([name]) => !isTableParam(name)));
}

/** The list request's sort parameters (`ascs` or `descs`). */
export function sortParams(sort: SortState | undefined): Query {
  if (!sort) return {};
  return sort.order === 'asc' ? { ascs: sort.key } : { descs: sort.key };
}

/** antd's sorter ↔ our sort: `ascend`/`descend` on a column whose key is `key`. */
export function toAntdOrder(sort: SortState | undefined, key: string): 'ascend' | 'descend' | null {
  if (!sort || sort.key !== key) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}

export function fromAntdOrder(
  key: string,
  order: 'ascend' | 'descend' | null | undefined,
): SortState | undefined {
  if (!order) return undefined;
  return { key, order: order === 'ascend' ? 'asc' : 'desc' };
}

/** A range filter's wire names (BladeX `SqlKeyword`): `<prop>_datege` and `<prop>_datele`. */
export const rangeNames = (prop: string): [string, string] => [`${prop}_datege`, `${prop}_datele`];

export function sameState(a: TableState, b: TableState): boolean {
  return writeTableState('', a).toString() === writeTableState('', b).toString();
}
