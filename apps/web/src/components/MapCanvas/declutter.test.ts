import { describe, expect, it } from 'vitest';
import { declutter } from './declutter';

// jsdom lays nothing out: each label reports the box the map would have given it, on screen under a CSS
// scale `scale` (the data screens scale their whole stage) and unscaled as its layout size
const label = (left: number, top: number, width = 60, height = 20, scale = 1) => {
  const el = document.createElement('div');
  el.getBoundingClientRect = () => new DOMRect(left * scale, top * scale, width * scale, height * scale);
  Object.defineProperty(el, 'offsetWidth', { value: width });
  Object.defineProperty(el, 'offsetHeight', { value: height });
  return el;
};
const shown = (el: HTMLElement) => el.style.visibility !== 'hidden';

describe('map label declutter', () => {
  it('hides a label overlapping one kept before it, a higher priority first', () => {
    const plotA = label(0, 0);
    const plotB = label(30, 10);
    const plotC = label(200, 0);
    const park = label(40, 5);
    declutter([
      { el: plotA, priority: 1 },
      { el: plotB, priority: 1 },
      { el: plotC, priority: 1 },
      { el: park, priority: 2 },
    ]);
    expect([shown(park), shown(plotA), shown(plotB), shown(plotC)]).toEqual([true, false, false, true]);
  });

  it('hides a plot name wider than the plot on screen, and shows it again when a zoom makes room', () => {
    const el = label(0, 0, 80, 20);
    declutter([{ el, priority: 1, room: { width: 50, height: 40 } }]);
    expect(shown(el)).toBe(false);
    declutter([{ el, priority: 1, room: { width: 120, height: 40 } }]);
    expect(shown(el)).toBe(true);
  });

  it('judges the room in the map pixels when the whole map is scaled (a 4K data screen)', () => {
    const el = label(0, 0, 80, 20, 2);
    declutter([{ el, priority: 1, room: { width: 120, height: 40 } }]);
    expect(shown(el)).toBe(true);
  });
});
