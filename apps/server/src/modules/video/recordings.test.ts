import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneRecordings, recordingRanges, vodPlaylist } from './recordings';

describe('recorded segments', () => {
  const root = mkdtempSync(join(tmpdir(), 'farmpark-rec-'));
  const dir = join(root, '7');
  mkdirSync(dir);
  const t0 = 1_790_000_000; // epoch seconds
  // two runs: 0..8 s (5 segments, 2 s apart) and, after a 60 s gap, 70..74 s
  const starts = [0, 2, 4, 6, 8, 70, 72, 74].map((s) => t0 + s);
  for (const [i, s] of starts.entries()) writeFileSync(join(dir, `${s}_${String(i).padStart(4, '0')}.ts`), 'x');
  writeFileSync(join(dir, 'index.m3u8'), '#EXTM3U');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a run without a gap is one range; a gap starts another', () => {
    expect(recordingRanges(dir, t0 * 1000, (t0 + 100) * 1000)).toEqual([
      { from: t0 * 1000, to: (t0 + 10) * 1000 },
      { from: (t0 + 70) * 1000, to: (t0 + 76) * 1000 },
    ]);
    expect(recordingRanges(dir, (t0 + 20) * 1000, (t0 + 60) * 1000)).toEqual([]);
  });

  it('plays a range as a VOD playlist with the token on every segment and a discontinuity at the gap', () => {
    const text = vodPlaylist(dir, t0 * 1000, (t0 + 100) * 1000, 't=abc') as string;
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(text.match(/\.ts\?t=abc/g)).toHaveLength(8);
    expect(text.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(1);
    expect(vodPlaylist(dir, 0, 1000, 't=abc')).toBeNull();
  });

  it('prunes segments older than the kept days, and nothing else', () => {
    const now = (t0 + 3 * 86_400 + 72) * 1000; // 3 days after the second run's middle
    expect(pruneRecordings(root, 3, now)).toBe(5); // the first run
    expect(recordingRanges(dir, 0, now).length).toBe(1);
    expect(existsSync(join(dir, 'index.m3u8'))).toBe(true);
  });
});
