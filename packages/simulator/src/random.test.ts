import { describe, expect, it } from 'vitest';
import { hash01, hashSeed, mulberry32, valueNoise } from './random';

describe('random', () => {
  it('mulberry32 repeats for a seed, differs between seeds and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.slice(0, 5)).not.toEqual(Array.from({ length: 5 }, () => c()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeCloseTo(0.5, 1);
  });

  it('hash01 spreads timestamp-sized indices evenly', () => {
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) buckets[Math.floor(hash01(1, 1.7e12 + i * 1000) * 10)]++;
    for (const n of buckets) expect(n).toBeGreaterThan(850);
  });

  it('valueNoise is continuous and bounded', () => {
    let prev = valueNoise(5, 0);
    let maxAbs = 0;
    let maxJump = 0;
    for (let x = 0.001; x < 50; x += 0.001) {
      const v = valueNoise(5, x);
      maxAbs = Math.max(maxAbs, Math.abs(v));
      maxJump = Math.max(maxJump, Math.abs(v - prev));
      prev = v;
    }
    expect(maxAbs).toBeLessThanOrEqual(1);
    expect(maxAbs).toBeGreaterThan(0.5);
    expect(maxJump).toBeLessThan(0.01);
  });

  it('hashSeed depends on every part', () => {
    expect(hashSeed('a', 1)).toBe(hashSeed('a', 1));
    expect(hashSeed('a', 1)).not.toBe(hashSeed('a', 2));
    expect(hashSeed('ab')).not.toBe(hashSeed('a', 'b'));
  });
});
