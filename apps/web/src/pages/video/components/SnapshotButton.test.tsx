import { CAMERA_FAULT_TEXT, Code } from '@farmpark/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../test/jsdomShims';
import '../../../i18n';
import { configureRequest } from '../../../api/request';
import SnapshotButton from './SnapshotButton';

let toasts: string[];
let opened: unknown[];

function answer(body: BodyInit, type: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status: 200, headers: { 'content-type': type } })),
  );
}

beforeEach(() => {
  toasts = [];
  opened = [];
  configureRequest({ toastError: (m) => toasts.push(m), onForcedLogout: () => {} });
  vi.stubGlobal('open', (...args: unknown[]) => opened.push(args));
  // jsdom has no object URLs
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('the tile snapshot button', () => {
  it("an offline camera's answer is told in words: no tab, no dialog, no JSON on the page", async () => {
    const words = `抓拍失败：${CAMERA_FAULT_TEXT.offline.zh}`;
    answer(
      JSON.stringify({ code: Code.DEVICE_OPERATION_FAILED, msg: words, data: { rule: 'invalid' } }),
      'application/json; charset=utf-8',
    );
    render(<SnapshotButton cameraId={7} name="大门" testId="snap" />);
    fireEvent.click(screen.getByTestId('snap'));
    await waitFor(() => expect(toasts).toEqual([words]));
    expect(opened).toEqual([]);
    expect(screen.queryByTestId('snapshot-picture')).toBeNull();
    expect(document.body.textContent).not.toContain('"code"');
    await waitFor(() => expect(screen.getByTestId('snap').className).not.toContain('loading'));
  });

  it('a picture opens in a dialog with a download link named after the camera', async () => {
    answer(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])]), 'image/jpeg');
    render(<SnapshotButton cameraId={7} name="大门" testId="snap" />);
    fireEvent.click(screen.getByTestId('snap'));
    const img = await screen.findByTestId('snapshot-picture');
    expect(img.getAttribute('src')).toBe('blob:picture');
    expect(document.querySelector('a[download="大门.jpg"]')).not.toBeNull();
    expect(toasts).toEqual([]);
    expect(opened).toEqual([]);
  });
});
