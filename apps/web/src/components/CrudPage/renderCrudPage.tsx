import type { Paged } from '@farmpark/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, Input } from 'antd';
import { vi } from 'vitest';
import CrudPage, { type CrudPageProps } from './index';

/** For CrudPage's tests: a page of named rows, searched by name. */
export interface Row {
  id: number;
  name: string;
  note?: string;
}

/** A fake server over `rows`: filters by `name`, pages with pageNum/pageSize. */
function fakeList(rows: Row[]) {
  return vi.fn(async (p: Record<string, unknown> & { pageNum: number; pageSize: number }): Promise<Paged<Row>> => {
    const all = rows.filter((r) => !p.name || r.name.includes(String(p.name)));
    const start = (p.pageNum - 1) * p.pageSize;
    return { list: all.slice(start, start + p.pageSize), total: all.length, pageNum: p.pageNum, pageSize: p.pageSize };
  });
}

/** CrudPage (test id `t`) over the fake server, with a Name column and search; `props` override. */
export function renderCrudPage(rows: Row[], props: Partial<CrudPageProps<Row, { name: string }>> = {}) {
  const fetchList = fakeList(rows);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <App>
        <CrudPage<Row, { name: string }>
          testId="t"
          rowKey="id"
          fetchList={fetchList}
          columns={[{ title: 'Name', dataIndex: 'name' }]}
          search={[{ name: 'name', label: 'Name', input: <Input data-testid="search-name" /> }]}
          {...props}
        />
      </App>
    </QueryClientProvider>,
  );
  return { fetchList, ...utils };
}
