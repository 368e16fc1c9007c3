import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { CrudApi } from '#src/api/crud';
import type { Query } from '#src/api/types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './types';

type Row = object;

type ListPage = { current: number; size: number };

/** The list query of a CRUD screen: one cache entry per acting tenant, page, filters and extra params. */
export function crudListQuery<T>(
  name: string,
  api: CrudApi<T>,
  page: ListPage,
  filters: Query,
  extra: Query,
) {
  return queryOptions({
    queryKey: ['crud', name, api.tenantId, page, filters, extra],
    queryFn: () => api.list({ ...extra, ...filters, current: page.current, size: page.size }),
  });
}

/** The first page a CRUD screen opens on (no filters, no extra params). */
export const FIRST_PAGE: ListPage = { current: 1, size: DEFAULT_PAGE_SIZE };

export interface CrudTableOptions<T> {
  /** Extra params merged into every list call (a side tree's deptId, a parent table's parentId). */
  query?: Query;
  /** Row key field (default `id`). */
  rowKey?: string;
  /** Lazy tree: children of a row with `hasChildren`, loaded on first expand. */
  lazy?: (row: T) => Promise<T[]>;
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
  const { query: extra, lazy } = options;
  const keyField = options.rowKey ?? 'id';
  const [page, setPage] = useState(FIRST_PAGE);
  const [filters, setFilters] = useState<Query>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [children, setChildren] = useState<Record<string, T[]>>({});
  const client = useQueryClient();
  const extraParams = useMemo(() => clean(extra ?? {}), [extra]);
  const query = useQuery({
    ...crudListQuery(name, api, page, filters, extraParams),
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
          onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
        }
      : false,
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
    client.removeQueries({ queryKey: ['crud', name], type: 'inactive' });
    await query.refetch();
  }, [client, name, query]);

  return {
    tableProps,
    selected,
    /** The selected rows (those on the current page / loaded tree). */
    selectedRows: selected.map((key) => rowsByKey.get(key)).filter((row): row is T => Boolean(row)),
    /** Apply search filters (empty values dropped) and go back to page 1. */
    search(values: Query) {
      setSelected([]);
      setFilters(clean(values));
      setPage((p) => ({ ...p, current: 1 }));
    },
    refresh,
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
