import { useRef } from 'react';
import type { ListParams } from '../../../api/production';

type Filters = Record<string, string | number | undefined>;

/**
 * The filters of the list on screen, for its exports: CrudPage keeps its filters to itself, so the list's
 * fetch notes the last ones it asked for (without paging) and the export buttons read them when clicked.
 */
export function useLastFilters<T>(fetch: (p: ListParams) => Promise<T>) {
  const last = useRef<Filters>({});
  const fetchList = (p: ListParams) => {
    const { pageNum: _n, pageSize: _s, ...rest } = p;
    last.current = Object.fromEntries(
      Object.entries(rest).filter(([, v]) => v !== undefined && typeof v !== 'boolean'),
    ) as Filters;
    return fetch(p);
  };
  return { fetchList, filters: () => last.current };
}
