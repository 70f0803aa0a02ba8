import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ScaleBox from './ScaleBox';
import { fitStage } from './scale';

describe('fitStage', () => {
  it('fills a 16:9 screen exactly, at any size', () => {
    expect(fitStage(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(fitStage(3840, 2160)).toEqual({ scale: 2, left: 0, top: 0 });
    expect(fitStage(2560, 1440).scale).toBeCloseTo(4 / 3, 10);
  });

  it('letterboxes a screen of another shape, centred', () => {
    // 1366 x 768 is a hair wider than 16:9: its height decides, with a sub-pixel band at the sides
    const laptop = fitStage(1366, 768);
    expect(laptop.scale).toBeCloseTo(768 / 1080, 10);
    expect(laptop.left).toBe(Math.round((1366 - 1920 * laptop.scale) / 2));
    expect(laptop.top).toBe(0);
    // a 4:3 screen: bands above and below; an ultra-wide one: bands left and right
    expect(fitStage(1024, 768)).toEqual({ scale: 1024 / 1920, left: 0, top: 96 });
    const wide = fitStage(3440, 1080);
    expect(wide.scale).toBe(1);
    expect(wide.left).toBe(760);
    expect(wide.top).toBe(0);
  });

  it('keeps the stage visible before the page has a size', () => {
    expect(fitStage(0, 0)).toEqual({ scale: 1, left: 0, top: 0 });
  });
});

describe('ScaleBox', () => {
  let size = { width: 1920, height: 1080 };
  beforeEach(() => {
    // jsdom has no layout: the host reports the size the test gives the window
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => size.width);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => size.height);
  });
  afterEach(() => vi.restoreAllMocks());

  const stage = () => screen.getByTestId('scale-box-stage');

  it('draws the stage at 1920 x 1080 and scales it to the window, recomputed on resize', () => {
    size = { width: 1366, height: 768 };
    render(
      <ScaleBox background="#000">
        <span>panel</span>
      </ScaleBox>,
    );
    expect(stage().style.width).toBe('1920px');
    expect(stage().style.height).toBe('1080px');
    expect(stage().style.transform).toBe(`scale(${768 / 1080})`);
    expect(stage().style.transformOrigin).toBe('0 0');
    expect(stage().style.top).toBe('0px');
    expect(screen.getByText('panel')).toBeTruthy();

    size = { width: 3840, height: 2160 };
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(stage().style.transform).toBe('scale(2)');
    expect(stage().style.left).toBe('0px');
    expect(stage().getAttribute('data-scale')).toBe('2.0000');

    size = { width: 3440, height: 1080 };
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(stage().style.transform).toBe('scale(1)');
    expect(stage().style.left).toBe('760px');
    expect(screen.getByTestId('scale-box').style.background).toBe('rgb(0, 0, 0)');
  });

  it('stops listening when it leaves the page (a screen left on for days keeps no stale listeners)', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = render(
      <ScaleBox background="#fff">
        <span>panel</span>
      </ScaleBox>,
    );
    const onResize = added.mock.calls.find(([type]) => type === 'resize')?.[1];
    expect(onResize).toBeTypeOf('function');
    unmount();
    expect(removed).toHaveBeenCalledWith('resize', onResize);
  });
});
