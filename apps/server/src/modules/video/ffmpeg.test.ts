import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { npmFfmpeg, resolveFfmpeg, videoCodecIn } from './ffmpeg';

describe('which ffmpeg runs', () => {
  const root = mkdtempSync(join(tmpdir(), 'farmpark-ffmpeg-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('FFMPEG_PATH wins; then an ffmpeg on PATH (the system one)', () => {
    expect(resolveFfmpeg({ FFMPEG_PATH: '/opt/ff/ffmpeg', PATH: '/usr/bin' })).toMatchObject({
      path: '/opt/ff/ffmpeg',
      source: 'FFMPEG_PATH',
    });
    const bin = join(root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'ffmpeg'), '#!/bin/sh\n', { mode: 0o755 });
    expect(resolveFfmpeg({ PATH: `${join(root, 'empty')}:${bin}` })).toMatchObject({
      path: join(bin, 'ffmpeg'),
      source: 'system',
    });
  });

  it('with no ffmpeg on PATH, the npm package @ffmpeg-installer/linux-x64 is used, and it runs', () => {
    const shipped = npmFfmpeg();
    // the optional dependency installs on linux-x64, the platform of this project's machines
    expect(shipped?.pkg).toBe('@ffmpeg-installer/linux-x64');
    const choice = resolveFfmpeg({ PATH: join(root, 'empty') });
    expect(choice).toMatchObject({ path: shipped?.path, source: 'npm' });
    expect(choice.describe).toContain('npm package @ffmpeg-installer/linux-x64 4.1.0');
    // the server's configuration makes the same choice and names it for the start banner
    const config = loadConfig({ DATA_DIR: root, PATH: join(root, 'empty') });
    expect(config.video.ffmpeg).toBe(shipped?.path);
    expect(config.video.ffmpegInUse).toBe(choice.describe);
  });

  it("reads the video codec from ffmpeg's description of its input", () => {
    const words = [
      "Input #0, hls, from 'x.m3u8':",
      '    Stream #0:0: Data: timed_id3 (ID3  / 0x20334449)',
      '    Stream #0:1[0x100]: Video: h264 (Constrained Baseline) ([27][0][0][0] / 0x001B), yuv420p, 480x270',
    ].join('\n');
    expect(videoCodecIn(words)).toBe('h264');
    expect(videoCodecIn('    Stream #0:0: Video: mpeg4 (Simple Profile), yuv420p')).toBe('mpeg4');
    expect(videoCodecIn('    Stream #0:0: Audio: aac')).toBeNull();
  });
});
