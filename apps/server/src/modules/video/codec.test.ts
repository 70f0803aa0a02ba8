import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCodecProbe, PROBE_RETRY_MS } from './codec';
import { DEFAULT_FFMPEG, hasFfmpeg, runFfmpeg } from './ffmpeg';
import { createProcessOwner } from './processes';
import { inputArgs } from './source';

const HEAD = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n';

/** An HLS source whose playlist lists no segment for its first `emptyFor` fetches (a relay just started). */
async function hlsSource(dir: string, emptyFor: number) {
  const seg = join(dir, 'a.ts');
  // biome-ignore format: one option per line reads better
  await runFfmpeg(DEFAULT_FFMPEG, [
    '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10', '-t', '1',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mpegts', seg,
  ]);
  let fetches = 0;
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/live.m3u8')) {
      fetches++;
      res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' });
      res.end(fetches <= emptyFor ? HEAD : `${HEAD}#EXTINF:1.0,\na.ts\n`);
    } else res.writeHead(200, { 'content-type': 'video/mp2t' }).end(readFileSync(seg));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live.m3u8`;
  return { url, fetches: () => fetches, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.skipIf(!hasFfmpeg)('the codec probe', () => {
  it('asks a playlist that is still empty once more before calling it "not a video stream"', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'farmpark-probe-'));
    const owner = createProcessOwner({ ffmpeg: DEFAULT_FFMPEG, maxProcesses: 4, maxPerMerchant: 4 });
    const probes = createCodecProbe(owner);
    const once = await hlsSource(dir, 1);
    const src = { url: once.url, protocol: 'hls' as const };
    try {
      await expect(probes.probe(1, src, { inputArgs: inputArgs(src), timeoutMs: 15_000 })).resolves.toBe('h264');
      expect(once.fetches()).toBeGreaterThanOrEqual(2);
      // a playlist that stays empty is not a video stream, after the second look
      const never = await hlsSource(dir, 1000);
      const empty = { url: never.url, protocol: 'hls' as const };
      const asked = Date.now();
      await expect(probes.probe(1, empty, { inputArgs: inputArgs(empty), timeoutMs: 15_000 })).rejects.toMatchObject({
        fault: 'not-video',
      });
      // two runs of ffmpeg (each reads the playlist twice), a second apart
      expect(never.fetches()).toBe(4);
      expect(Date.now() - asked).toBeGreaterThanOrEqual(PROBE_RETRY_MS);
      await never.close();
    } finally {
      await once.close();
      await owner.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
