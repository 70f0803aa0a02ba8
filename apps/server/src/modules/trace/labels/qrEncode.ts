/**
 * A QR encoder for the one case labels need (ISO/IEC 18004): byte mode, error correction M, versions 1-40.
 * The matrix is a flat Uint8Array (1 dark, 0 light, row by row) and the mask choice scores the eight masks
 * on it with the standard's penalty rules N1-N4; per-module method calls in the general library made the
 * mask choice most of a label sheet's time (docs/TRACEABILITY.md, label sheet speed).
 */

/** Error correction codewords per block at level M, by version (index 0 unused). */
const EC_PER_BLOCK = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
/** Blocks at level M, by version. */
const BLOCKS = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33,
  35, 37, 38, 40, 43, 45, 47, 49,
];
/** Format information's two bits for level M. */
const LEVEL_M = 0;

/** Modules left for codewords (data and error correction) once the function patterns are placed. */
function rawModules(v: number): number {
  let n = (16 * v + 128) * v + 64;
  if (v >= 2) {
    const align = Math.floor(v / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (v >= 7) n -= 36;
  }
  return n;
}

const dataCodewords = (v: number) => Math.floor(rawModules(v) / 8) - EC_PER_BLOCK[v] * BLOCKS[v];

function alignmentPositions(v: number): number[] {
  if (v === 1) return [];
  const n = Math.floor(v / 7) + 2;
  const step = v === 32 ? 26 : Math.ceil((v * 4 + 4) / (n * 2 - 2)) * 2;
  const out = [6];
  for (let pos = v * 4 + 10; out.length < n; pos -= step) out.splice(1, 0, pos);
  return out;
}

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x = (x << 1) ^ (x & 0x80 ? 0x11d : 0);
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];

const generators = new Map<number, Uint8Array>();
/** The Reed-Solomon generator polynomial of `degree`, highest coefficient (1) left out. */
function generator(degree: number): Uint8Array {
  const known = generators.get(degree);
  if (known) return known;
  const g = new Uint8Array(degree);
  g[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      g[j] = g[j] === 0 ? 0 : EXP[LOG[g[j]] + LOG[root]];
      if (j + 1 < degree) g[j] ^= g[j + 1];
    }
    root = EXP[LOG[root] + 1];
  }
  generators.set(degree, g);
  return g;
}

function remainder(data: Uint8Array, degree: number): Uint8Array {
  const g = generator(degree);
  const r = new Uint8Array(degree);
  for (const b of data) {
    const factor = b ^ r[0];
    r.copyWithin(0, 1);
    r[degree - 1] = 0;
    if (factor !== 0) for (let i = 0; i < degree; i++) if (g[i] !== 0) r[i] ^= EXP[LOG[g[i]] + LOG[factor]];
  }
  return r;
}

/** The data codewords of `bytes` in byte mode, padded to the version's capacity. */
function encodeData(bytes: Uint8Array, v: number): Uint8Array {
  const cap = dataCodewords(v);
  const out = new Uint8Array(cap);
  let bit = 0;
  const put = (value: number, n: number) => {
    for (let i = n - 1; i >= 0; i--, bit++) if ((value >>> i) & 1) out[bit >>> 3] |= 0x80 >>> (bit & 7);
  };
  put(0b0100, 4);
  put(bytes.length, v < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  bit += Math.min(4, cap * 8 - bit); // terminator
  for (let i = (bit + 7) >>> 3, pad = 0xec; i < cap; i++, pad ^= 0xec ^ 0x11) out[i] = pad;
  return out;
}

/** Data and error correction codewords, split into blocks and interleaved. */
function codewords(data: Uint8Array, v: number): Uint8Array {
  const blocks = BLOCKS[v];
  const ec = EC_PER_BLOCK[v];
  const raw = Math.floor(rawModules(v) / 8);
  const short = blocks - (raw % blocks);
  const shortData = Math.floor(raw / blocks) - ec;
  const parts: Uint8Array[] = [];
  const ecs: Uint8Array[] = [];
  for (let b = 0, at = 0; b < blocks; b++) {
    const len = shortData + (b < short ? 0 : 1);
    const part = data.subarray(at, at + len);
    at += len;
    parts.push(part);
    ecs.push(remainder(part, ec));
  }
  const out = new Uint8Array(raw);
  let k = 0;
  for (let i = 0; i <= shortData; i++) for (const p of parts) if (i < p.length) out[k++] = p[i];
  for (let i = 0; i < ec; i++) for (const e of ecs) out[k++] = e[i];
  return out;
}

interface Template {
  size: number;
  /** Function patterns drawn (format and version areas light). */
  base: Uint8Array;
  /** 1 where a module belongs to a function pattern (finder, timing, alignment, format, version). */
  fixed: Uint8Array;
  /** Data module positions in placement order. */
  order: Uint32Array;
  /** Per mask, 1 where the mask flips a data module. */
  masks: Uint8Array[];
}

const templates = new Map<number, Template>();

/** Everything about a version that does not depend on the data, built once. */
function template(v: number): Template {
  const known = templates.get(v);
  if (known) return known;
  const size = v * 4 + 17;
  const base = new Uint8Array(size * size);
  const fixed = new Uint8Array(size * size);
  const set = (x: number, y: number, dark: boolean) => {
    base[y * size + x] = dark ? 1 : 0;
    fixed[y * size + x] = 1;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ])
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, d !== 2 && d !== 4);
      }
  const align = alignmentPositions(v);
  const last = align.length - 1;
  for (let i = 0; i <= last; i++)
    for (let j = 0; j <= last; j++) {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) set(align[i] + dx, align[j] + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  // format areas (written per mask) and the dark module
  for (let i = 0; i < 9; i++) {
    if (!fixed[8 * size + i]) set(i, 8, false);
    if (!fixed[i * size + 8]) set(8, i, false);
  }
  for (let i = 0; i < 8; i++) {
    set(size - 1 - i, 8, false);
    set(8, size - 1 - i, false);
  }
  set(8, size - 8, true);
  if (v >= 7) {
    let rem = v;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (v << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, dark);
      set(b, a, dark);
    }
  }
  const order: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vert = 0; vert < size; vert++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = upward ? size - 1 - vert : vert;
        if (!fixed[y * size + x]) order.push(y * size + x);
      }
  }
  const masks = MASKS.map((flips) => {
    const m = new Uint8Array(size * size);
    for (const at of order) m[at] = flips(at % size, Math.floor(at / size)) ? 1 : 0;
    return m;
  });
  const t = { size, base, fixed, order: Uint32Array.from(order), masks };
  templates.set(v, t);
  return t;
}

/** The eight data masks: whether the module in column x, row y is flipped. */
const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function drawFormat(m: Uint8Array, size: number, mask: number): void {
  const data = (LEVEL_M << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const bits = ((data << 10) | rem) ^ 0x5412;
  const bit = (i: number) => (bits >>> i) & 1;
  for (let i = 0; i <= 5; i++) m[i * size + 8] = bit(i);
  m[7 * size + 8] = bit(6);
  m[8 * size + 8] = bit(7);
  m[8 * size + 7] = bit(8);
  for (let i = 9; i < 15; i++) m[8 * size + 14 - i] = bit(i);
  for (let i = 0; i < 8; i++) m[8 * size + size - 1 - i] = bit(i);
  for (let i = 8; i < 15; i++) m[(size - 15 + i) * size + 8] = bit(i);
}

/**
 * Penalty N1 (runs of five or more of a colour) and N3 (a 1:1:3:1:1 finder-like pattern with four light
 * modules before or after it, the quiet zone beyond the symbol counting as light) along one line of `size`
 * modules, read at `at`, `at + step`, ...
 */
export function linePenalty(m: Uint8Array, at: number, step: number, size: number): number {
  let score = 0;
  let run = 0;
  let prev = -1;
  // the last 11 modules as bits, newest lowest; before the line everything is light
  let window = 0;
  for (let i = 0; i < size; i++) {
    const c = m[at + i * step];
    if (c === prev) run++;
    else {
      if (run >= 5) score += run - 2;
      run = 1;
      prev = c;
    }
    window = ((window << 1) | c) & 0x7ff;
    if ((window & 0x7f) !== 0b1011101) continue;
    let lightAfter = true;
    for (let k = i + 1; k <= i + 4 && k < size; k++) if (m[at + k * step]) lightAfter = false;
    if (window >>> 7 === 0 || lightAfter) score += 40;
  }
  if (run >= 5) score += run - 2;
  return score;
}

/** The standard's penalty of a masked matrix (N1-N4); the mask with the lowest one is used. */
export function qrPenalty(m: Uint8Array, size: number): number {
  let score = 0;
  for (let i = 0; i < size; i++) score += linePenalty(m, i * size, 1, size) + linePenalty(m, i, size, size);
  let dark = m[size * size - 1];
  for (let y = 0; y + 1 < size; y++) {
    const row = y * size;
    dark += m[row + size - 1];
    let same = 0;
    for (let x = 0; x + 1 < size; x++) {
      const c = m[row + x];
      dark += c;
      // N2: a 2 x 2 block of one colour
      same += ((c ^ m[row + x + 1]) | (c ^ m[row + size + x]) | (c ^ m[row + size + x + 1])) === 0 ? 1 : 0;
    }
    score += 3 * same;
  }
  for (let x = (size - 1) * size; x < size * size - 1; x++) dark += m[x];
  const total = size * size;
  return score + Math.floor(Math.abs(dark * 20 - total * 10) / total) * 10;
}

export interface QrCode {
  /** Modules per side (without the quiet zone). */
  size: number;
  /** Row by row, 1 dark. */
  modules: Uint8Array;
  mask: number;
}

/** `text` (UTF-8, byte mode) at error correction M in the smallest version that holds it. */
export function qrEncode(text: string, forceMask?: number): QrCode {
  const bytes = new TextEncoder().encode(text);
  let v = 1;
  while (4 + (v < 10 ? 8 : 16) + bytes.length * 8 > dataCodewords(v) * 8) {
    if (++v > 40) throw new RangeError(`QR: ${bytes.length} bytes do not fit a QR code at level M`);
  }
  const t = template(v);
  const words = codewords(encodeData(bytes, v), v);
  const plain = t.base.slice();
  const n = Math.min(t.order.length, words.length * 8);
  for (let i = 0; i < n; i++) plain[t.order[i]] = (words[i >>> 3] >>> (7 - (i & 7))) & 1;
  let best = new Uint8Array(plain.length);
  let work = new Uint8Array(plain.length);
  let bestMask = 0;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 8; mask++) {
    if (forceMask !== undefined && mask !== forceMask) continue;
    const flips = t.masks[mask];
    for (let i = 0; i < work.length; i++) work[i] = plain[i] ^ flips[i];
    drawFormat(work, t.size, mask);
    const score = forceMask === undefined ? qrPenalty(work, t.size) : 0;
    if (score < bestScore) {
      [best, work] = [work, best];
      bestMask = mask;
      bestScore = score;
    }
  }
  return { size: t.size, modules: best, mask: bestMask };
}
