import { useState } from 'react';
import type { DataTablePageEvent } from 'primereact/datatable';
import type { Paged } from '@core/wire';
import { useApiData } from './useApiData.ts';

/**
 * A list the server pages (`{list, total}`), shown in a lazy DataTable: spread `tableProps` into
 * it. `search(query)` applies a new filter and goes back to page 1.
 */
export function usePagedList<T, Q>(initialQuery: Q, pageSize: number, load: (query: Q, page: { page: number; count: number }) => Promise<Paged<T>>) {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState(initialQuery);
  const list = useApiData(() => load(query, { page, count: pageSize }), [query, page]);

  const search = (next: Q) => {
    setPage(1);
    setQuery(next);
  };

  const tableProps = {
    value: list.data?.list ?? [],
    loading: list.loading,
    lazy: true,
    paginator: true,
    rows: pageSize,
    first: (page - 1) * pageSize,
    totalRecords: list.data?.total ?? 0,
    onPage: (e: DataTablePageEvent) => setPage((e.page ?? 0) + 1),
  };

  return { reload: list.reload, search, tableProps };
}
