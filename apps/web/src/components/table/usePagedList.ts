import type { Paged } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

type Page = { pageNum: number; pageSize: number };

/**
 * A list the server pages: the query of the page on screen (keyed by `key` and the page) and the Table
 * props that show it and turn its pages.
 */
export function usePagedList<R>(key: readonly unknown[], fetch: (page: Page) => Promise<Paged<R>>, pageSize = 20) {
  const [page, setPage] = useState<Page>({ pageNum: 1, pageSize });
  const q = useQuery({ queryKey: [...key, page], queryFn: () => fetch(page) });
  const table = {
    loading: q.isFetching,
    dataSource: q.data?.list ?? [],
    pagination: {
      current: page.pageNum,
      pageSize: page.pageSize,
      total: q.data?.total ?? 0,
      onChange: (pageNum: number, size: number) => setPage({ pageNum, pageSize: size }),
    },
  };
  return { q, table };
}
