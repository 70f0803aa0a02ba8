import jsQR from 'jsqr';
import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { linePenalty, qrEncode, qrPenalty } from './qrEncode';

/** The mask a finished symbol says it uses: its format information (the copy beside the top right finder). */
function formatMask(dark: (x: number, y: number) => boolean, size: number): number {
  let bits = 0;
  for (let i = 0; i < 8; i++) if (dark(size - 1 - i, 8)) bits |= 1 << i;
  for (let i = 8; i < 15; i++) if (dark(8, size - 15 + i)) bits |= 1 << i;
  return ((bits ^ 0x5412) >>> 10) & 7;
}

/** A symbol as an image with a four-module quiet zone, read back by jsQR. */
function decode(size: number, modules: Uint8Array): string | undefined {
  const scale = 4;
  const side = (size + 8) * scale;
  const img = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const [mx, my] = [Math.floor(x / scale) - 4, Math.floor(y / scale) - 4];
      if (mx >= 0 && my >= 0 && mx < size && my < size && modules[my * size + mx])
        img.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  return jsQR(img, side, side)?.data;
}

const text = (len: number, k: number) =>
  Array.from({ length: len }, (_, i) => String.fromCharCode(33 + ((i * 31 + k * 7 + len) % 90))).join('');

describe('qrEncode', () => {
  // qrcode-generator chooses its mask by rules of its own; with that mask the two must agree module for module
  it.each([1, 10, 14, 30, 60, 77, 90, 150, 300, 800, 1800, 2300])(
    '%i bytes: the same modules as qrcode-generator for the same mask',
    (len) => {
      for (let k = 0; k < 3; k++) {
        const t = text(len, k);
        const ref = qrcode(0, 'M');
        ref.addData(t, 'Byte');
        ref.make();
        const size = ref.getModuleCount();
        const mask = formatMask((x, y) => ref.isDark(y, x), size);
        const mine = qrEncode(t, mask);
        expect(mine.size).toBe(size);
        const theirs = Uint8Array.from({ length: size * size }, (_, i) =>
          ref.isDark(Math.floor(i / size), i % size) ? 1 : 0,
        );
        expect(mine.modules).toEqual(theirs);
      }
    },
  );

  it('uses the mask with the lowest ISO/IEC 18004 penalty', () => {
    for (const t of ['https://farm.example.com/OC?code=K7QX0M2P9RTWH', text(120, 1), text(400, 2)]) {
      const chosen = qrEncode(t);
      const scores = Array.from({ length: 8 }, (_, m) => qrPenalty(qrEncode(t, m).modules, chosen.size));
      expect(scores[chosen.mask]).toBe(Math.min(...scores));
      expect(formatMask((x, y) => chosen.modules[y * chosen.size + x] === 1, chosen.size)).toBe(chosen.mask);
    }
  });

  it('scores runs, blocks, finder-like patterns and the dark share (N1-N4)', () => {
    // all light 5 x 5: 10 runs of 5 (3 each), 16 blocks of 2 x 2 (3 each), 0 % dark (10 steps of 5 %)
    expect(qrPenalty(new Uint8Array(25), 5)).toBe(30 + 48 + 100);
    // a checkerboard has none of them
    expect(
      qrPenalty(
        Uint8Array.from({ length: 36 }, (_, i) => (Math.floor(i / 6) + i) % 2),
        6,
      ),
    ).toBe(0);
  });

  it.each([
    ['four light after, the light beyond the start before', [1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0], 40],
    ['four light before', [0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1], 40],
    ['the light beyond the end after', [1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 0, 1], 40 + 3],
    ['no four light on either side', [1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 1], 0],
    ['a run of seven', [0, 1, 1, 1, 1, 1, 1, 1, 0], 5],
  ])('one line, %s: N1 and N3 as the standard counts them', (_name, line, score) => {
    const m = Uint8Array.from(line);
    expect(linePenalty(m, 0, 1, m.length)).toBe(score);
  });

  it.each([
    ['a label URL', 'https://trace.example.cn/01/06901234567892/10/LOT-2026-11/21/K7QXM2P9RTWH3'],
    ['UTF-8 text', '有机番茄 https://农场.example/OC?code=K7QX'],
    ['a version 10+ symbol', `https://farm.example.com/${'x'.repeat(300)}`],
  ])('%s reads back with a decoder', (_name, t) => {
    const { size, modules } = qrEncode(t);
    expect(decode(size, modules)).toBe(t);
  });

  it('refuses text no QR code at level M holds', () => {
    expect(() => qrEncode('x'.repeat(2400))).toThrow(RangeError);
  });
});
