import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTraceCode } from '@farmpark/contracts';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { type Label, type LabelSize, labelSheetBuffer } from './labelSheet';

const dir = mkdtempSync(join(tmpdir(), 'labels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fontPath = loadConfig({}).cjkFont;

const labels = (n: number): Label[] =>
  Array.from({ length: n }, (_, i) => ({
    title: '有机番茄 Organic tomato',
    lines: ['批次 LOT-2026-11', '示范农场'],
    qrUrl: `https://farm.example.com/OC?code=K7QX${i}M2P9RTWH`,
    codeText: `K7QX${i}M2P9RTWH`,
  }));

/** Renders page `page` with poppler and decodes every QR code jsQR finds by scanning the page's cells. */
async function pagePixels(pdf: Buffer, name: string, page = 1) {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '200',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file,
    join(dir, name),
  ]);
  const { data, info } = await sharp(readFileSync(join(dir, `${name}.png`)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

function cropQr(
  img: { data: Uint8ClampedArray; width: number; height: number },
  x: number,
  y: number,
  w: number,
  h: number,
) {
  const out = new Uint8ClampedArray(w * h * 4);
  for (let r = 0; r < h; r++)
    out.set(img.data.subarray(((y + r) * img.width + x) * 4, ((y + r) * img.width + x + w) * 4), r * w * 4);
  return jsQR(out, w, h)?.data;
}

describe('label sheets', () => {
  it.each<LabelSize>(['50x30', '40x60'])('%s: one label a page whose QR code reads back as its URL', async (size) => {
    const pdf = await labelSheetBuffer({ size, labels: labels(2), fontPath });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const img = await pagePixels(pdf, size);
    expect(cropQr(img, 0, 0, img.width, img.height)).toBe('https://farm.example.com/OC?code=K7QX0M2P9RTWH');
    const info = execFileSync('pdfinfo', [join(dir, `${size}.pdf`)]).toString();
    expect(info).toMatch(/Pages:\s+2/);
  });

  it('A4 puts 21 labels on a page in a 3 x 7 grid, each QR readable, and embeds the CJK font', async () => {
    const pdf = await labelSheetBuffer({ size: 'A4', labels: labels(22), fontPath });
    const img = await pagePixels(pdf, 'a4');
    expect(execFileSync('pdfinfo', [join(dir, 'a4.pdf')]).toString()).toMatch(/Pages:\s+2/);
    const fonts = execFileSync('pdffonts', [join(dir, 'a4.pdf')]).toString();
    expect(fonts).toMatch(/NotoSansCJK\S*\s.*yes\s+yes/);
    // the last cell of the first page (row 7, column 3) holds label 20
    const px = img.width / 210;
    const [cw, ch] = [(190 / 3) * px, (277 / 7) * px];
    const cell = (v: number) => Math.floor(v);
    expect(cropQr(img, cell(10 * px + 2 * cw), cell(10 * px + 6 * ch), cell(cw), cell(ch))).toBe(
      'https://farm.example.com/OC?code=K7QX20M2P9RTWH',
    );
  });

  // the printed code is the fallback when a QR code is scratched: whole on every size, never cut (issue 24)
  it.each<LabelSize>(['A4', '50x30', '40x60'])('%s: prints every code whole, with the widest letters', async (size) => {
    const codes = ['WWWWWWWWWWWWW', 'MMMMMMMMMMMMM', 'K7QXM2P9RTWH3'].map(formatTraceCode);
    const wide = codes.map((codeText) => ({ ...labels(1)[0], title: '有机番茄'.repeat(6), codeText }));
    const pdf = await labelSheetBuffer({ size, labels: wide, fontPath });
    const file = join(dir, `whole-${size}.pdf`);
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    for (const code of codes) expect(text).toContain(code);
  });

  it('an empty sheet is still a valid one-page PDF', async () => {
    const pdf = await labelSheetBuffer({ size: 'A4', labels: [], fontPath });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
