import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext } from 'react-router';
import type { CrudApi } from '#src/api/crud';
import { crudKeys } from '#src/api/queryKeys';
import type { Query } from '#src/api/types';
import {
  DEFAULT_STATE,
  fromAntdOrder,
  parseTableState,
  type SortState,
  sortParams,
  type TableState,
  writeTableState,
} from './tableState';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './types';

type Row = object;

type ListPage = { current: number; size: number };

/**
 * The list query of a CRUD screen: one cache entry per acting tenant, page, filters, extra params and
 * sort. Every key starts `crudKeys.list(name)`, which is what a change invalidates (`invalidateCrud`).
 */
export function crudListQuery<T>(
  name: string,
  api: CrudApi<T>,
  page: ListPage,
  filters: Query,
  extra: Query,
  sort?: SortState,
) {
  const sorting = sortParams(sort);
  return queryOptions({
    queryKey: crudKeys.page(name, api.tenantId, page, filters, extra, sorting),
    queryFn: () => api.list({ ...extra, ...filters, ...sorting, current: page.current, size: page.size }),
  });
}

/** The record a CRUD dialog edits or shows: fetched fresh on every open, invalidated by a change. */
export function crudDetailQuery<T>(name: string, api: CrudApi<T>, id: string) {
  return queryOptions({
    queryKey: crudKeys.detail(name, id, api.tenantId),
    queryFn: () => api.detail(id),
    staleTime: 0,
  });
}

/**
 * After a submit or remove: every page of list `name` and of the lists in `also` refetches (the shown
 * ones now, the others when next shown), and the changed records' details.
 */
export async function invalidateCrud(
  client: QueryClient,
  name: string,
  ids: string[] = [],
  also: string[] = [],
) {
  // Pages not on screen are dropped (going back to one never shows, or lets the user select, rows that no
  // longer exist); the shown ones refetch.
  for (const n of [name, ...also]) client.removeQueries({ queryKey: crudKeys.list(n), type: 'inactive' });
  await Promise.all([
    ...[name, ...also].map((n) => client.invalidateQueries({ queryKey: crudKeys.list(n) })),
    ...ids.map((id) => client.invalidateQueries({ queryKey: crudKeys.record(name, id) })),
  ]);
}

/** The first page a CRUD screen opens on (no filters, no extra params). */
export const FIRST_PAGE: ListPage = { current: DEFAULT_STATE.current, size: DEFAULT_PAGE_SIZE };

export interface CrudTableOptions<T> {
  /** Extra params merged into every list call (a side tree's deptId, a parent table's parentId). */
  query?: Query;
  /** Row key field (default `id`). */
  rowKey?: string;
  /** Lazy tree: children of a row with `hasChildren`, loaded on first expand. */
  lazy?: (row: T) => Promise<T[]>;
  /** Table state in the page URL (`CrudOption.urlState`). */
  urlState?: boolean;
  /** Lists to refetch with this one after a change (`CrudOption.invalidates`). */
  invalidates?: string[];
}

/**
 * The table state, in the URL (`urlState`) or in the component. A page kept alive in a hidden tab renders
 * with other pages' locations: only the location of its own path is read and written, and only while it
 * is shown (effects of hidden pages do not run).
 */
function useTableState(urlState: boolean | undefined) {
  // Read through the router's contexts (null outside a router: a screen's unit test, a CrudPage rendered
  // without one) rather than useLocation(), which throws there.
  const location = useContext(UNSAFE_LocationContext)?.location;
  const navigator = useContext(UNSAFE_NavigationContext)?.navigator;
  const routed = Boolean(urlState && location && navigator);
  const own = useRef(location?.pathname);
  const mine = routed && location?.pathname === own.current;
  const [search, setSearch] = useState(() => (routed ? (location?.search ?? '') : ''));
  useEffect(() => {
    if (mine && location) setSearch(location.search);
  }, [mine, location]);
  const state = useMemo(() => parseTableState(search), [search]);
  const set = useCallback(
    (next: TableState) => {
      const params = writeTableState(search, next).toString();
      const text = params ? `?${params}` : '';
      setSearch(text);
      // Only the shown page writes the location: a hidden tab's push would take the console to its path.
      if (mine && navigator && text !== search) navigator.push({ pathname: own.current, search: text });
    },
    [mine, navigator, search],
  );
  return [state, set] as const;
}

/**
 * List state for a CRUD screen in refine's "hook returns props" style: paging (current/size), search
 * filters, extra query params and the row selection, over TanStack Query with the previous page kept
 * while loading. A list answered as an array (tree screens) is shown whole, without a pager.
 */
export function useCrudTable<T extends Row>(
  name: string,
  api: CrudApi<T>,
  options: CrudTableOptions<T> = {},
) {
  const { query: extra, lazy, invalidates } = options;
  const keyField = options.rowKey ?? 'id';
  const [state, setState] = useTableState(options.urlState);
  const page = useMemo(() => ({ current: state.current, size: state.size }), [state.current, state.size]);
  const { filters, sort } = state;
  const [selected, setSelected] = useState<string[]>([]);
  const [children, setChildren] = useState<Record<string, T[]>>({});
  const client = useQueryClient();
  const extraParams = useMemo(() => clean(extra ?? {}), [extra]);
  const query = useQuery({
    ...crudListQuery(name, api, page, filters, extraParams, sort),
    placeholderData: keepPreviousData,
  });
  const keyOf = useCallback((row: T) => String((row as Record<string, unknown>)[keyField] ?? ''), [keyField]);

  const data = query.data;
  const paged = !Array.isArray(data);
  const records = useMemo(() => {
    const base = Array.isArray(data) ? data : (data?.records ?? []);
    return lazy ? withLazyChildren(base, children, keyOf) : base;
  }, [data, lazy, children, keyOf]);

  const rowsByKey = useMemo(() => {
    const map = new Map<string, T>();
    const walk = (rows: T[]) => {
      for (const row of rows) {
        map.set(keyOf(row), row);
        const kids = (row as { children?: T[] }).children;
        if (Array.isArray(kids)) walk(kids);
      }
    };
    walk(records);
    return map;
  }, [records, keyOf]);

  const tableProps: TableProps<T> = {
    rowKey: keyOf,
    loading: query.isFetching,
    dataSource: records,
    rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) },
    pagination: paged
      ? {
          current: page.current,
          pageSize: page.size,
          total: data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (current, size) =>
            setState({ ...state, current: size === page.size ? current : 1, size }),
        }
      : false,
    onChange: (_pagination, _filters, sorter, extra) => {
      if (extra.action !== 'sort' || Array.isArray(sorter)) return;
      const key = sorter.column ? String((sorter.column as { sortKey?: string }).sortKey ?? '') : '';
      setSelected([]);
      setState({ ...state, current: 1, sort: key ? fromAntdOrder(key, sorter.order) : undefined });
    },
    expandable: lazy
      ? {
          onExpand: async (expanded, row) => {
            const key = keyOf(row);
            if (!expanded || children[key]) return;
            const loaded = await lazy(row);
            setChildren((c) => ({ ...c, [key]: loaded }));
          },
        }
      : undefined,
  };

  // After a change every other cached page / filter of this list is out of date: drop them, so going
  // back to one never shows (and lets the user select) rows that no longer exist.
  const refresh = useCallback(async () => {
    setSelected([]);
    setChildren({});
    client.removeQueries({ queryKey: crudKeys.list(name), type: 'inactive' });
    await query.refetch();
  }, [client, name, query]);

  // After a submit or remove: this list (every page), the changed records and the lists named in
  // `invalidates` refetch; the selection and loaded children go.
  const changed = useCallback(
    async (ids: string[] = []) => {
      setSelected([]);
      setChildren({});
      await invalidateCrud(client, name, ids, invalidates);
    },
    [client, name, invalidates],
  );

  return {
    tableProps,
    selected,
    /** The table state (page, size, filters, sort). */
    state,
    /** The selected rows (those on the current page / loaded tree). */
    selectedRows: selected.map((key) => rowsByKey.get(key)).filter((row): row is T => Boolean(row)),
    /** Apply search filters (empty values dropped) and go back to page 1. */
    search(values: Query) {
      setSelected([]);
      setState({ ...state, filters: clean(values), current: 1 });
    },
    refresh,
    changed,
  };
}

function clean(values: Query): Query {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Query;
}

/** Rows announcing `hasChildren` get the loaded children, or `[]` (which shows the expand icon). */
function withLazyChildren<T extends Row>(
  rows: T[],
  loaded: Record<string, T[]>,
  keyOf: (row: T) => string,
): T[] {
  return rows.map((row) => {
    const r = row as T & { children?: T[]; hasChildren?: boolean };
    if (Array.isArray(r.children) && r.children.length)
      return { ...r, children: withLazyChildren(r.children, loaded, keyOf) };
    if (!r.hasChildren) return row;
    const kids = loaded[keyOf(row)];
    if (!kids) return { ...r, children: [] };
    return { ...r, children: kids.length ? withLazyChildren(kids, loaded, keyOf) : undefined };
  });
}
