import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LabelSizeName } from '@farmpark/contracts';
import PDFDocument from 'pdfkit';
import { qrPath } from './qrModules';

/**
 * The one writer of label and tag sheets (one item one code labels, one tree one code tags): PDF through
 * pdfkit, QR codes drawn as vector rectangles (sharp at any printer resolution), Chinese text in an
 * embedded CJK font. Labels are taken from an (async) iterable and the file streams out page by page, so a
 * sheet of 100,000 codes never sits in memory.
 */
/** The sizes the console offers (contracts LABEL_SIZES): an A4 sticker sheet and two label-printer rolls. */
export type LabelSize = LabelSizeName;

export interface Label {
  /** First line, larger: the product or the tree. */
  title: string;
  /** Smaller lines under it (batch, lot, park...); as many as fit. */
  lines: string[];
  /** What the QR code carries. */
  qrUrl: string;
  /** The code printed in plain text, for people who type it in. */
  codeText: string;
}

export interface LabelSheetSpec {
  size: LabelSize;
  labels: Iterable<Label> | AsyncIterable<Label>;
  /** A TTF/OTF/TTC font with CJK glyphs (config.cjkFont). */
  fontPath: string;
  /** The face inside a .ttc collection; the Simplified Chinese Noto face by default. */
  fontFace?: string;
  /** PDF metadata title. */
  title?: string;
}

const MM = 72 / 25.4;
const mm = (v: number) => v * MM;

interface Layout {
  page: [number, number];
  cols: number;
  rows: number;
  /** Page margin (left/top) and the cell size, in points. */
  originX: number;
  originY: number;
  cellW: number;
  cellH: number;
  /** 'side': QR left, text right (wide labels); 'stack': text, QR, code text top to bottom (tall labels). */
  kind: 'side' | 'stack';
}

const A4: [number, number] = [mm(210), mm(297)];
// A4: 3 x 7 cells of 63.3 x 39.6 mm inside 10 mm margins (the common sticker-sheet grid: cut lines drawn).
const LAYOUTS: Record<LabelSize, Layout> = {
  A4: {
    page: A4,
    cols: 3,
    rows: 7,
    originX: mm(10),
    originY: mm(10),
    cellW: mm(190 / 3),
    cellH: mm(277 / 7),
    kind: 'side',
  },
  '50x30': {
    page: [mm(50), mm(30)],
    cols: 1,
    rows: 1,
    originX: 0,
    originY: 0,
    cellW: mm(50),
    cellH: mm(30),
    kind: 'side',
  },
  '40x60': {
    page: [mm(40), mm(60)],
    cols: 1,
    rows: 1,
    originX: 0,
    originY: 0,
    cellW: mm(40),
    cellH: mm(60),
    kind: 'stack',
  },
};

type Doc = PDFKit.PDFDocument;

/**
 * Cuts text to `width` with an ellipsis (pdfkit's own ellipsis needs its line wrapper, which is slow).
 * Labels of one sheet repeat the same product and batch lines, so each cut is remembered per document.
 */
const fitted = new WeakMap<Doc, Map<string, string>>();
function fit(doc: Doc, text: string, width: number, size: number): string {
  const key = `${size}|${width}|${text}`; // the font follows from the text
  const memo = fitted.get(doc) ?? new Map<string, string>();
  fitted.set(doc, memo);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const cut = cutToWidth(doc, text, width);
  if (memo.size < 10_000) memo.set(key, cut);
  return cut;
}

function cutToWidth(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

function drawQr(doc: Doc, url: string, x: number, y: number, side: number): void {
  const { size, path } = qrPath(url);
  // Two modules of quiet zone on each side: less than the standard four, but the label's white border adds to it.
  const cell = side / (size + 4);
  const at = (v: number) => v.toFixed(3);
  doc.addContent(`q 0 g ${at(cell)} 0 0 ${at(cell)} ${at(x + 2 * cell)} ${at(y + 2 * cell)} cm\n${path}f Q`);
}

const ASCII = /^[\x20-\x7e]*$/;

/**
 * Plain ASCII (codes, lots, numbers: the text that differs on every label) is set in the PDF's built-in
 * Helvetica, which needs no glyph shaping; only other text goes through the embedded CJK font, whose
 * shaping is what a label costs most after its QR code.
 */
function textLine(doc: Doc, text: string, x: number, y: number, width: number, size: number): void {
  doc.font(ASCII.test(text) ? 'Helvetica' : 'label').fontSize(size);
  doc.text(fit(doc, text, width, size), x, y, { lineBreak: false });
}

/** Below this a code printed by a label printer no longer reads by eye. */
const MIN_CODE_PT = 4;

/**
 * The code as text: the fallback when a QR code is scratched, so it is printed whole, never cut. Set in
 * Helvetica at `size`, shrunk to fit `width`; a code too long even at the smallest size goes on two lines split
 * at the dash nearest its middle (`y` is then the second line's top).
 */
function codeLine(doc: Doc, text: string, x: number, y: number, width: number, size: number): void {
  doc.font('Helvetica').fontSize(size);
  const full = doc.widthOfString(text);
  if (full <= width || (size * width) / full >= MIN_CODE_PT) {
    doc.fontSize(Math.min(size, (size * width) / full));
    doc.text(text, x, y, { lineBreak: false });
    return;
  }
  const dashes = [...text.matchAll(/-/g)].map((m) => m.index);
  const at = dashes.sort((a, b) => Math.abs(a - text.length / 2) - Math.abs(b - text.length / 2))[0];
  const cut = at === undefined ? Math.ceil(text.length / 2) : at + 1;
  const [a, b] = [text.slice(0, cut), text.slice(cut)];
  const fitted = Math.max(MIN_CODE_PT, Math.min(size, (size * width) / doc.widthOfString(a.length > b.length ? a : b)));
  doc.fontSize(fitted);
  doc.text(a, x, y - fitted * 1.15, { lineBreak: false });
  doc.text(b, x, y, { lineBreak: false });
}

function drawSide(doc: Doc, l: Label, x: number, y: number, w: number, h: number): void {
  const pad = Math.min(mm(2), h * 0.06);
  const side = h - 2 * pad;
  drawQr(doc, l.qrUrl, x + pad, y + pad, side);
  const tx = x + pad + side + pad * 0.5;
  const tw = w - (tx - x) - pad;
  const big = Math.max(5, Math.min(10, h / 9));
  const small = big * 0.75;
  let ty = y + pad * 1.5;
  textLine(doc, l.title, tx, ty, tw, big);
  ty += big * 1.4;
  const codeY = y + h - pad * 1.5 - small * 1.2;
  for (const line of l.lines) {
    if (ty + small * 1.25 > codeY) break;
    textLine(doc, line, tx, ty, tw, small);
    ty += small * 1.3;
  }
  codeLine(doc, l.codeText, tx, codeY, tw, small);
}

function drawStack(doc: Doc, l: Label, x: number, y: number, w: number, h: number): void {
  const pad = mm(2.5);
  const tw = w - 2 * pad;
  const big = 8;
  const small = 6;
  textLine(doc, l.title, x + pad, y + pad, tw, big);
  let ty = y + pad + big * 1.4;
  for (const line of l.lines.slice(0, 2)) {
    textLine(doc, line, x + pad, ty, tw, small);
    ty += small * 1.3;
  }
  const side = Math.min(tw, h - (ty - y) - pad - small * 2);
  drawQr(doc, l.qrUrl, x + (w - side) / 2, ty, side);
  codeLine(doc, l.codeText, x + pad, ty + side + small * 0.3, tw, small);
}

/** Waits while the reader has not taken what earlier pages produced (pdfkit itself never waits). */
async function drained(doc: Doc): Promise<void> {
  await new Promise((r) => setImmediate(r));
  while (doc.readableLength > 4 * 1024 * 1024 && !doc.destroyed) await new Promise((r) => setTimeout(r, 5));
}

async function fill(doc: Doc, spec: LabelSheetSpec): Promise<void> {
  const layout = LAYOUTS[spec.size];
  const perPage = layout.cols * layout.rows;
  let n = 0;
  for await (const label of spec.labels) {
    const slot = n % perPage;
    if (slot === 0) {
      if (n > 0) await drained(doc);
      doc.addPage({ size: layout.page, margin: 0 });
      if (perPage > 1) drawCutLines(doc, layout);
    }
    const x = layout.originX + (slot % layout.cols) * layout.cellW;
    const y = layout.originY + Math.floor(slot / layout.cols) * layout.cellH;
    if (layout.kind === 'side') drawSide(doc, label, x, y, layout.cellW, layout.cellH);
    else drawStack(doc, label, x, y, layout.cellW, layout.cellH);
    n++;
  }
  // An empty sheet is still a valid PDF: one blank page.
  if (n === 0) doc.addPage({ size: layout.page, margin: 0 });
  doc.end();
}

function drawCutLines(doc: Doc, l: Layout): void {
  doc.save().lineWidth(0.3).dash(2, { space: 2 }).strokeColor('#bbbbbb');
  for (let c = 0; c <= l.cols; c++) {
    const x = l.originX + c * l.cellW;
    doc.moveTo(x, l.originY).lineTo(x, l.originY + l.rows * l.cellH);
  }
  for (let r = 0; r <= l.rows; r++) {
    const y = l.originY + r * l.cellH;
    doc.moveTo(l.originX, y).lineTo(l.originX + l.cols * l.cellW, y);
  }
  doc.stroke().undash().restore();
}

/**
 * Registers the CJK font (config.cjkFont) under `name`: in a .ttc collection, the Simplified Chinese Noto face
 * unless `face` names another. Every PDF with Chinese text (label sheets, park reports) embeds it so.
 */
export function registerCjkFont(doc: Doc, name: string, fontPath: string, face?: string): void {
  const chosen = face ?? (fontPath.toLowerCase().endsWith('.ttc') ? 'NotoSansCJKsc-Regular' : undefined);
  doc.registerFont(name, fontPath, chosen as string);
}

/** The sheet as a readable PDF stream, filled in the background; a failing label source destroys it. */
export function labelSheet(spec: LabelSheetSpec): Readable {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: spec.title ?? 'Labels' } });
  registerCjkFont(doc, 'label', spec.fontPath, spec.fontFace);
  doc.font('label');
  fill(doc, spec).catch((err: Error) => doc.destroy(err));
  return doc;
}

/** Writes the sheet to a stream (a file, a reply) and resolves when it is all written. */
export async function writeLabelSheet(out: Writable, spec: LabelSheetSpec): Promise<void> {
  await pipeline(labelSheet(spec), out);
}

/** The sheet in memory (tests, small sheets). */
export async function labelSheetBuffer(spec: LabelSheetSpec): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (c: Buffer) => chunks.push(c));
  await writeLabelSheet(sink, spec);
  return Buffer.concat(chunks);
}
