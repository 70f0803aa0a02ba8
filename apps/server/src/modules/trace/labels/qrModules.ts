import { qrEncode } from './qrEncode';

export interface QrPath {
  /** Modules per side (without the quiet zone). */
  size: number;
  /**
   * The dark modules as PDF path operators in module units (`x y w h re`, y down): each row's run of dark
   * modules is one rectangle, and a run repeated on the rows below it (same start, same width) grows that
   * rectangle instead of adding one. The caller scales it into place with one `cm` and fills it once.
   */
  path: string;
  /** How many rectangles the path holds. */
  rects: number;
}

/**
 * A QR code as one PDF path: integer module coordinates keep the page stream short (less to write and to
 * compress than a rectangle per module in page points). Error correction M: labels get scuffed, and URLs of
 * ~80 characters still fit a small version.
 */
export function qrPath(text: string): QrPath {
  const { size, modules } = qrEncode(text);
  // open[x] = the rectangle (index into rows) that a run starting at x with the same width on the row above began
  const starts: number[] = [];
  const widths: number[] = [];
  const tops: number[] = [];
  const heights: number[] = [];
  let open = new Map<number, number>();
  for (let y = 0; y < size; y++) {
    const row = y * size;
    const next = new Map<number, number>();
    let x = 0;
    while (x < size) {
      if (!modules[row + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules[row + x]) x++;
      const above = open.get(start);
      if (above !== undefined && widths[above] === x - start) {
        heights[above]++;
        next.set(start, above);
      } else {
        next.set(start, starts.length);
        starts.push(start);
        widths.push(x - start);
        tops.push(y);
        heights.push(1);
      }
    }
    open = next;
  }
  let path = '';
  for (let i = 0; i < starts.length; i++) path += `${starts[i]} ${tops[i]} ${widths[i]} ${heights[i]} re\n`;
  return { size, path, rects: starts.length };
}
