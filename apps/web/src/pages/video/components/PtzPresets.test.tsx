import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../test/jsdomShims';
import '../../../i18n';
import { renderWithClient } from '../../../test/renderWithClient';

const gotoPtzPreset = vi.fn(async (_id: number) => null);
const addPtzPreset = vi.fn(async (cameraId: number, name: string) => ({ id: 8, cameraId, name }));
vi.mock('../../../api/video', () => ({
  getPtzPresets: vi.fn(async () => [
    { id: 5, cameraId: 3, name: '大门口' },
    { id: 6, cameraId: 3, name: '东侧田块' },
  ]),
  gotoPtzPreset,
  addPtzPreset,
  removePtzPreset: vi.fn(),
}));
const { default: PtzPresets } = await import('./PtzPresets');

describe('PtzPresets', () => {
  it('turns the camera to the preset chosen, and saves where it points under a name it checks first', async () => {
    renderWithClient(<PtzPresets cameraId={3} />);
    fireEvent.mouseDown(screen.getByTestId('ptz-preset-select-3').querySelector('input') as Element);
    fireEvent.click(await screen.findByText('东侧田块', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(gotoPtzPreset).toHaveBeenCalledWith(6));

    fireEvent.click(screen.getByRole('button', { name: '保存当前位置为预置位' }));
    fireEvent.click(await screen.findByTestId('ptz-preset-save'));
    expect(await screen.findByText(/预置位名称/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(addPtzPreset).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('ptz-preset-name'), { target: { value: '水渠' } });
    fireEvent.click(screen.getByTestId('ptz-preset-save'));
    await waitFor(() => expect(addPtzPreset).toHaveBeenCalledWith(3, '水渠'));
  });
});
