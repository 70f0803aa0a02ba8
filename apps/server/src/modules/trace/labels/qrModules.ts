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
  // a rectangle per run of dark modules; a run below one of the same start and width makes it taller.
  // open[x]: the rectangle whose run on the row above started at x (-1 none)
  const starts: number[] = [];
  const widths: number[] = [];
  const tops: number[] = [];
  const heights: number[] = [];
  let open = new Int32Array(size).fill(-1);
  let next = new Int32Array(size);
  for (let y = 0; y < size; y++) {
    const row = y * size;
    next.fill(-1);
    let x = 0;
    while (x < size) {
      if (!modules[row + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules[row + x]) x++;
      const above = open[start];
      if (above >= 0 && widths[above] === x - start) {
        heights[above]++;
        next[start] = above;
      } else {
        next[start] = starts.length;
        starts.push(start);
        widths.push(x - start);
        tops.push(y);
        heights.push(1);
      }
    }
    [open, next] = [next, open];
  }
  let path = '';
  for (let i = 0; i < starts.length; i++) path += `${starts[i]} ${tops[i]} ${widths[i]} ${heights[i]} re\n`;
  return { size, path, rects: starts.length };
}
