import { describe, expect, it } from 'vitest';
import { qrEncode } from './qrEncode';
import { qrPath } from './qrModules';

describe('qrPath', () => {
  it.each(['https://farm.example.com/OC?code=K7QX0M2P9RTWH', `https://farm.example.com/${'x'.repeat(200)}`])(
    'its rectangles cover exactly the dark modules of %s',
    (text) => {
      const { size, modules } = qrEncode(text);
      const { path, rects, size: pathSize } = qrPath(text);
      expect(pathSize).toBe(size);
      const drawn = new Uint8Array(size * size);
      const ops = path.trim().split('\n');
      expect(ops).toHaveLength(rects);
      for (const op of ops) {
        const [x, y, w, h, name] = op.split(' ');
        expect(name).toBe('re');
        for (let r = Number(y); r < Number(y) + Number(h); r++)
          for (let c = Number(x); c < Number(x) + Number(w); c++) drawn[r * size + c]++;
      }
      expect(drawn).toEqual(modules);
      // rows' runs merged down the columns: fewer rectangles than runs
      let runs = 0;
      for (let i = 0; i < modules.length; i++) if (modules[i] && (i % size === 0 || !modules[i - 1])) runs++;
      expect(rects).toBeLessThan(runs);
    },
  );
});
