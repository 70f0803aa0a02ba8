import type { WallLayouts } from '@farmpark/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../test/jsdomShims';
import i18n from '../../../i18n';
import { renderWithClient } from '../../../test/renderWithClient';

const layouts: WallLayouts = {
  views: [
    { id: 1, name: '大门', split: 1, tiles: [{ tile: 0, cameraId: 11 }] },
    {
      id: 2,
      name: '育苗棚',
      split: 4,
      tiles: [
        { tile: 0, cameraId: 12 },
        { tile: 3, cameraId: 13 },
      ],
    },
  ],
  tours: [{ id: 3, name: '夜巡', viewIds: [2, 1], viewSeconds: 10 }],
};
const saveWallView = vi.fn(async (b: { name: string }) => ({ id: 9, split: 4, tiles: [], ...b }));
vi.mock('../../../api/video', () => ({
  getWallLayouts: vi.fn(async () => layouts),
  saveWallView,
  saveWallTour: vi.fn(),
  removeWallLayout: vi.fn(),
}));
const { default: WallLayoutsBar } = await import('./WallLayoutsBar');

function mount(onApply = vi.fn()) {
  const wall = [11, null, 13, null, ...Array(12).fill(null)];
  renderWithClient(<WallLayoutsBar split={4} tiles={wall} onApply={onApply} />);
  return onApply;
}
const choose = async (testId: string, label: string) => {
  fireEvent.mouseDown(screen.getByTestId(testId).querySelector('input') as Element);
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
};

describe('WallLayoutsBar', () => {
  it('opens a saved view as its split and tiles', async () => {
    const onApply = mount();
    await choose('wall-view-select', '育苗棚');
    const [split, tiles] = onApply.mock.calls[0];
    expect(split).toBe(4);
    expect(tiles.slice(0, 4)).toEqual([12, null, null, 13]);
    expect(tiles).toHaveLength(16);
  });

  it('saves the wall as it is as a new view, refusing a blank name under the field first', async () => {
    await i18n.changeLanguage('en-US');
    mount();
    fireEvent.click(await screen.findByTestId('wall-view-new'));
    fireEvent.click(await screen.findByTestId('wall-view-save'));
    expect(await screen.findByText(/View name/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(saveWallView).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('wall-view-name'), { target: { value: 'Gate and nursery' } });
    fireEvent.click(screen.getByTestId('wall-view-save'));
    await waitFor(() => expect(saveWallView).toHaveBeenCalledTimes(1));
    expect(saveWallView.mock.calls[0][0]).toEqual({
      name: 'Gate and nursery',
      split: 4,
      tiles: [
        { tile: 0, cameraId: 11 },
        { tile: 2, cameraId: 13 },
      ],
    });
    await i18n.changeLanguage('zh-CN');
  });

  it('tours through its views in order, each for its seconds, until stopped', async () => {
    // the clock moves on its own too (testing-library's waits), and jumps where the test says
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onApply = mount();
      await choose('wall-tour-select', '夜巡');
      await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
      expect(onApply.mock.calls[0][0]).toBe(4); // 育苗棚 first
      expect(screen.getByTestId('wall-touring').textContent).toContain('第 1/2 个视图');
      await act(async () => {
        vi.advanceTimersByTime(10_000);
      });
      expect(onApply.mock.calls[1][0]).toBe(1); // then 大门
      await act(async () => {
        vi.advanceTimersByTime(10_000);
      });
      expect(onApply.mock.calls[2][0]).toBe(4); // and round again
      fireEvent.click(screen.getByTestId('wall-tour-stop'));
      await act(async () => {
        vi.advanceTimersByTime(30_000);
      });
      expect(onApply).toHaveBeenCalledTimes(3);
      expect(screen.queryByTestId('wall-touring')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
