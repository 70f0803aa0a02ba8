import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../test/jsdomShims';
import '../../i18n';
import { setViewportWidth } from '../../test/viewport';
import { type Row, renderCrudPage } from './renderCrudPage';

const ROWS: Row[] = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, name: `Field ${i + 1}`, note: `note ${i + 1}` }));
const renderPage = (props: Parameters<typeof renderCrudPage>[1] = {}) =>
  renderCrudPage(ROWS, {
    columns: [
      { title: 'Name', dataIndex: 'name', width: 150 },
      { title: 'Note', dataIndex: 'note', width: 200, responsive: ['md'] },
    ],
    ...props,
  });

const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);

describe('CrudPage table policy', () => {
  it('on a phone: filters fold into a Filters button, secondary columns hide, the pager shows the total', async () => {
    setViewportWidth(390);
    const { fetchList } = renderPage();
    await screen.findByText('Field 1');
    expect(screen.getByText('共 3 条')).toBeTruthy();
    expect(headers()).toContain('Name');
    expect(headers()).not.toContain('Note');
    // the search form waits in a closed drawer until the button opens it
    expect(screen.getByTestId('t-search').closest('.ant-drawer')).toBeTruthy();
    expect(document.querySelector('.ant-drawer-open')).toBeNull();
    fireEvent.click(screen.getByTestId('t-filters'));
    const drawer = await screen.findByTestId('t-filters-drawer');
    fireEvent.change(within(drawer).getByTestId('search-name'), { target: { value: 'Field 2' } });
    fireEvent.click(within(drawer).getByTestId('t-search-submit'));
    await waitFor(() => expect(fetchList).toHaveBeenLastCalledWith({ name: 'Field 2', pageNum: 1, pageSize: 20 }));
    await screen.findByText('共 1 条');
    // one filter in use, counted on the button
    expect(within(screen.getByTestId('t-filters').parentElement as HTMLElement).getByText('1')).toBeTruthy();
  });

  it('on a desktop: filters in place, every column, nothing pinned over the data', async () => {
    setViewportWidth(1440);
    renderPage({ remove: async () => undefined });
    await screen.findByText('Field 1');
    expect(screen.getByTestId('t-search')).toBeTruthy();
    expect(screen.queryByTestId('t-filters')).toBeNull();
    expect(headers()).toEqual(expect.arrayContaining(['Name', 'Note']));
    // scroll width = the columns that show: selection 48 + 150 + 200 + actions 200
    const table = document.querySelector('.ant-table-content table, .ant-table-body table') as HTMLElement;
    expect(table.style.width).toBe('598px');
  });

  it('asks before a save its form marks as a likely mistake, and saves only when confirmed', async () => {
    setViewportWidth(1440);
    const create = vi.fn(async () => undefined);
    renderPage({
      form: {
        create,
        confirmSave: (v) => (v.name === 'nobody' ? 'Save a user with no park?' : null),
        fields: [{ name: 'name', label: 'Name', input: <Input data-testid="f-name" /> }],
      },
    });
    fireEvent.click(await screen.findByTestId('t-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('f-name'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByTestId('t-save'));
    const buttons = async () => {
      await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeTruthy());
      const confirm = document.querySelector('.ant-modal-confirm') as HTMLElement;
      expect(within(confirm).getAllByText('Save a user with no park?').length).toBeGreaterThan(0);
      return within(confirm).getAllByRole('button');
    };
    // cancel, then save
    fireEvent.click((await buttons())[0]);
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    expect(create).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('t-save'));
    fireEvent.click((await buttons()).at(-1) as HTMLElement);
    await waitFor(() => expect(create).toHaveBeenCalledWith({ name: 'nobody' }));
  });
});
