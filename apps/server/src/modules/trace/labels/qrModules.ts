import qrcode from 'qrcode-generator';

/** A run of dark modules on one row: `x` first column, `w` how many, `y` the row. */
export interface QrRun {
  x: number;
  y: number;
  w: number;
}

export interface QrMatrix {
  /** Modules per side (without the quiet zone). */
  size: number;
  runs: QrRun[];
}

/**
 * The dark modules of a QR code as horizontal runs: a PDF draws one rectangle per run instead of one per
 * module (about a fifth of the operators), which keeps a 1,000-label sheet small and quick to write.
 * Error correction M: labels get scuffed, and URLs of ~60 characters still fit a small version.
 */
export function qrMatrix(text: string): QrMatrix {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  const runs: QrRun[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!qr.isDark(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && qr.isDark(y, x)) x++;
      runs.push({ x: start, y, w: x - start });
    }
  }
  return { size, runs };
}
