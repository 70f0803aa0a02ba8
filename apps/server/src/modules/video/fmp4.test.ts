import { describe, expect, it } from 'vitest';
import { hasFfmpeg, runFfmpeg } from './ffmpeg';
import { codecOf, Fmp4Splitter } from './fmp4';

/** Two seconds of H.264 (a key frame every 5 frames at 10 fps) as the live muxer writes it, in short fragments. */
async function liveMp4(): Promise<Buffer> {
  // biome-ignore format: one option per line reads better
  return runFfmpeg('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-t', '2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '5', '-keyint_min', '5', '-sc_threshold', '0',
    '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '100000', 'pipe:1',
  ]);
}

describe.skipIf(!hasFfmpeg)('fMP4 splitter', () => {
  it('cuts the init segment and fragments at box boundaries, whatever the chunks, and finds the key frames', async () => {
    const mp4 = await liveMp4();
    for (const chunkSize of [mp4.length, 4096, 7]) {
      const s = new Fmp4Splitter();
      const parts = [];
      for (let at = 0; at < mp4.length; at += chunkSize) parts.push(...s.push(mp4.subarray(at, at + chunkSize)));
      const [init, ...frags] = parts;
      expect(init?.kind).toBe('init');
      if (init?.kind !== 'init') return;
      expect(init.data.toString('latin1', 4, 8)).toBe('ftyp');
      expect(init.codec).toMatch(/^avc1\.[0-9A-F]{6}$/);
      // 20 frames, one fragment each (100 ms), every fifth a key frame
      expect(frags.every((f) => f.kind === 'fragment')).toBe(true);
      expect(frags.length).toBe(20);
      const keys = frags.map((f) => (f.kind === 'fragment' && f.key ? 1 : 0));
      expect(keys.join('')).toBe('10000'.repeat(4));
      // nothing lost but the index ffmpeg writes at the end (no use live)
      const total = Buffer.concat(parts.map((p) => p.data)).length;
      expect(mp4.toString('latin1', total + 4, total + 8)).toBe('mfra');
      expect(mp4.readUInt32BE(total)).toBe(mp4.length - total);
    }
  });

  it('answers a default codec for an init without avcC', () => {
    expect(codecOf(Buffer.from('not an mp4'))).toBe('avc1.42E01E');
  });
});
