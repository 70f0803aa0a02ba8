import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import '../../test/jsdomShims';
import '../../i18n';
import { csvCell, toCsv } from './csv';
import { type Row, renderCrudPage } from './renderCrudPage';

const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Field ${i + 1}` }));
const renderPage = (props: Parameters<typeof renderCrudPage>[1] = {}) => renderCrudPage(ROWS, props);

describe('CrudPage', () => {
  it('pages on the server and searches from page 1', async () => {
    const { fetchList } = renderPage();
    await screen.findByText('Field 1');
    expect(fetchList).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 20 });
    expect(screen.getByText('共 25 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Field 21');
    expect(fetchList).toHaveBeenLastCalledWith({ pageNum: 2, pageSize: 20 });
    fireEvent.change(screen.getByTestId('search-name'), { target: { value: 'Field 2' } });
    fireEvent.click(screen.getByTestId('t-search-submit'));
    await waitFor(() => expect(fetchList).toHaveBeenLastCalledWith({ name: 'Field 2', pageNum: 1, pageSize: 20 }));
    await screen.findByText('共 7 条');
  });

  it('validates with the contract schema on the field and does not call the server', async () => {
    const create = vi.fn(async () => undefined);
    renderPage({
      form: {
        create,
        fields: [
          {
            name: 'name',
            label: '名称',
            required: true,
            schema: z.string().min(1).max(5),
            input: <Input data-testid="f-name" />,
          },
        ],
      },
    });
    fireEvent.click(await screen.findByTestId('t-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('f-name'), { target: { value: 'too long name' } });
    fireEvent.click(screen.getByTestId('t-save'));
    expect(await within(dialog).findByText('名称最多 5 个字符')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId('f-name'), { target: { value: 'ok' } });
    fireEvent.click(screen.getByTestId('t-save'));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ name: 'ok' }));
  });

  it('deletes the selected rows in one batch after a confirm', async () => {
    const remove = vi.fn(async () => undefined);
    renderPage({ remove });
    await screen.findByText('Field 1');
    const table = screen.getByTestId('t-table');
    const box = (id: number) => table.querySelector(`tr[data-row-key="${id}"] input[type="checkbox"]`) as HTMLElement;
    fireEvent.click(box(1));
    fireEvent.click(box(3));
    await screen.findByText('批量删除（2）');
    fireEvent.click(screen.getByTestId('t-batch-remove'));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(remove).toHaveBeenCalledWith([1, 3]));
  });

  it('shows a load failure with a retry', async () => {
    const fetchList = vi
      .fn()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 20 });
    renderPage({ fetchList });
    expect(await screen.findByText('boom')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('t-retry')));
    await screen.findByText('暂无数据');
  });
});

describe('csv', () => {
  it('quotes and defuses cells', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(toCsv([{ title: 'n', value: (r: Row) => r.name }], [ROWS[0]])).toBe('\uFEFFn\r\nField 1\r\n');
  });
});
