import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useState } from 'react';
import type { CrudApi } from '#src/api/crud';
import type { Query } from '#src/api/types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './types';

/**
 * List state for a CRUD screen in refine's "hook returns props" style: paging (current/size), search
 * filters and the row selection, over TanStack Query with the previous page kept while loading.
 */
export function useCrudTable<T extends { id?: string }>(name: string, api: CrudApi<T>) {
  const [page, setPage] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<Query>({});
  const [selected, setSelected] = useState<string[]>([]);
  const query = useQuery({
    queryKey: ['crud', name, page, filters],
    queryFn: () => api.list({ ...filters, current: page.current, size: page.size }),
    placeholderData: keepPreviousData,
  });

  const tableProps: TableProps<T> = {
    rowKey: (row) => row.id ?? '',
    loading: query.isFetching,
    dataSource: query.data?.records ?? [],
    rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) },
    pagination: {
      current: page.current,
      pageSize: page.size,
      total: query.data?.total ?? 0,
      pageSizeOptions: PAGE_SIZES,
      showSizeChanger: true,
      onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
    },
  };

  return {
    tableProps,
    selected,
    /** Apply search filters (empty values dropped) and go back to page 1. */
    search(values: Query) {
      setFilters(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')));
      setPage((p) => ({ ...p, current: 1 }));
    },
    async refresh() {
      setSelected([]);
      await query.refetch();
    },
  };
}
