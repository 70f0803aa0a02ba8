import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../test/jsdomShims';
import '../../../../i18n';
import GroupSortList from './GroupSortList';
import { moveItem } from './moveItem';

const ITEMS = [
  { key: 'air', name: 'Air' },
  { key: 'soil', name: 'Soil' },
  { key: 'light', name: 'Light' },
];

describe('group sort', () => {
  it('moves an item forwards and backwards, clamped, and leaves the list alone otherwise', () => {
    expect(moveItem(ITEMS, 0, 2).map((i) => i.key)).toEqual(['soil', 'light', 'air']);
    expect(moveItem(ITEMS, 2, 0).map((i) => i.key)).toEqual(['light', 'air', 'soil']);
    expect(moveItem(ITEMS, 1, 99).map((i) => i.key)).toEqual(['air', 'light', 'soil']);
    expect(moveItem(ITEMS, 1, 1)).toBe(ITEMS);
    expect(moveItem(ITEMS, 5, 0)).toBe(ITEMS);
  });

  it('reorders by dragging one group onto another', () => {
    const onChange = vi.fn();
    render(<GroupSortList items={ITEMS} onChange={onChange} />);
    const data = { effectAllowed: '', setData: vi.fn() };
    fireEvent.dragStart(screen.getByTestId('group-light'), { dataTransfer: data });
    fireEvent.dragOver(screen.getByTestId('group-air'), { dataTransfer: data });
    fireEvent.drop(screen.getByTestId('group-air'), { dataTransfer: data });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0].map((i: { key: string }) => i.key)).toEqual(['light', 'air', 'soil']);
  });

  it('moves with the up and down buttons, which stop at the ends', () => {
    const onChange = vi.fn();
    render(<GroupSortList items={ITEMS} onChange={onChange} />);
    const ups = screen.getAllByRole('button', { name: /上移|Up/ });
    expect((ups[0] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(ups[1]);
    expect(onChange.mock.calls[0][0].map((i: { key: string }) => i.key)).toEqual(['soil', 'air', 'light']);
    const downs = screen.getAllByRole('button', { name: /下移|Down/ });
    expect((downs[2] as HTMLButtonElement).disabled).toBe(true);
  });
});
