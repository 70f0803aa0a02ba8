import type { Detection } from '@farmpark/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../test/jsdomShims';
import PhotoBoxes from './PhotoBoxes';

const box: Detection = {
  detectionId: 7,
  imageId: 1,
  categoryId: 1,
  x: 0.1,
  y: 0.2,
  w: 0.3,
  h: 0.4,
  confidence: 0.9,
  source: 'model',
  createdBy: '',
  updatedAt: 0,
};

/** The frame measures `width` x `height` px (jsdom lays nothing out: every rect is empty unless stubbed). */
function renderAt(width: number, height: number) {
  const onChange = vi.fn();
  render(<PhotoBoxes imageId={1} detections={[box]} categories={[]} selected={null} onChange={onChange} editable />);
  const frame = screen.getByTestId('photo-frame');
  frame.getBoundingClientRect = () => ({ left: 0, top: 0, width, height, right: width, bottom: height }) as DOMRect;
  return { onChange, frame, target: screen.getByTestId('box-7') };
}

describe('PhotoBoxes', () => {
  it('sends a moved box with all four edges', () => {
    const { onChange, frame, target } = renderAt(1000, 500);
    fireEvent.pointerDown(target, { clientX: 200, clientY: 200, pointerId: 1 });
    fireEvent.pointerUp(frame, { clientX: 300, clientY: 250, pointerId: 1 });
    expect(onChange).toHaveBeenCalledWith(7, { x: 0.2, y: 0.3, w: 0.3, h: 0.4 });
  });

  it('takes a click on a box while its photo has no size (still loading) as a click: nothing is sent', () => {
    const { onChange, frame, target } = renderAt(0, 0);
    fireEvent.pointerDown(target, { clientX: 200, clientY: 200, pointerId: 1 });
    fireEvent.pointerUp(frame, { clientX: 200, clientY: 200, pointerId: 1 });
    expect(onChange).not.toHaveBeenCalled();
  });
});
