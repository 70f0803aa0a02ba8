import type { FarmWork } from '@farmpark/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../test/jsdomShims';
import '../../../../i18n';
import { renderWithClient } from '../../../../test/renderWithClient';
import { parkNow } from '../../../../utils/time';
import FarmWorkCalendar from './FarmWorkCalendar';
import { farmWorkOf } from './testWork';

const today = parkNow().format('YYYY-MM-DD');
const month = today.slice(0, 7);
const first = `${month}-01`;

const work = (id: number, over: Partial<FarmWork>) => farmWorkOf(id, { plannedOn: first, ...over });

function renderCalendar(compact: boolean) {
  // a done work counts on its done day, a planned one on its planned day
  const works = [
    work(1, { plannedOn: first, doneOn: today, status: 'done' }),
    work(2, { type: 'weeding', plannedOn: today }),
    work(3, { type: 'fertilising', plannedOn: first, areaName: '2号棚' }),
  ];
  const fetchMonth = vi.fn(async () => works);
  const onOpen = vi.fn();
  renderWithClient(<FarmWorkCalendar groupId={1} compact={compact} onOpen={onOpen} fetchMonth={fetchMonth} />);
  return { fetchMonth, onOpen };
}

describe('FarmWorkCalendar', () => {
  it('asks for the park month on screen and writes each work on its day; a click opens it', async () => {
    const { fetchMonth, onOpen } = renderCalendar(false);
    const day = await screen.findByTestId(`calendar-day-${today}`);
    expect(fetchMonth).toHaveBeenCalledWith(1, month);
    expect(day.textContent).toContain('打药 · 1号棚');
    expect(day.textContent).toContain('除草 · 1号棚');
    if (first !== today) {
      const firstDay = screen.getByTestId(`calendar-day-${first}`);
      expect(firstDay.textContent).toContain('施肥 · 2号棚');
      expect(firstDay.textContent).not.toContain('打药');
    }
    fireEvent.click(within(day).getByText('除草 · 1号棚'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });

  it('on a phone shows counts and lists the chosen day below the month', async () => {
    const { onOpen } = renderCalendar(true);
    const badge = await screen.findByTestId(`calendar-count-${today}`);
    expect(badge.textContent).toContain(first === today ? '3' : '2');
    const list = screen.getByTestId('calendar-day-list');
    expect(list.textContent).toContain('除草 · 1号棚');
    fireEvent.click(within(list).getByText('打药 · 1号棚'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });
});
