/**
 * Deterministic randomness. Physics must give the same values for the same (seed, time) no matter
 * how often or in which order it is asked, so noise is a pure hash of (seed, lattice index) rather
 * than a stream; the stream generator is only used where order is fixed (ack delays).
 */

/** mulberry32: a tiny 32-bit PRNG, good enough for simulation and fully reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the parts' text: turns serials, names and coordinates into a 32-bit seed. */
export function hashSeed(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  const s = parts.join('\u0001');
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) for an integer lattice point; indices may exceed 32 bits (timestamps). */
export function hash01(seed: number, index: number): number {
  const lo = (index % 4294967296) >>> 0;
  const hi = Math.floor(index / 4294967296) >>> 0;
  let h = (seed ^ Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [-1, 1]: continuous in x, one random knot per integer. */
export function valueNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const u = f * f * (3 - 2 * f);
  const a = hash01(seed, i);
  const b = hash01(seed, i + 1);
  return (a + (b - a) * u) * 2 - 1;
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Fraction of the way an exponential relaxation with time constant `tauMs` gets in `dtMs`. */
export const relax = (dtMs: number, tauMs: number) => 1 - Math.exp(-dtMs / tauMs);
