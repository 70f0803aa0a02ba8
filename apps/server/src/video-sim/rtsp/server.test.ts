import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FFMPEG, hasFfmpeg, runFfmpeg } from '../../modules/video/ffmpeg';
import { SCENE, Scene } from '../scene';
import { RtspReader } from './protocol';
import { scenePublisher } from './scenePublisher';
import { type RtspServer, startRtspServer } from './server';
import { eventually, processesNaming } from './testTools';

const PASSWORD = 'rtsp-pass-never-shown';
const LINGER_MS = 1000;

/** One RTSP exchange on a raw socket: the status line of the answer. */
function ask(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.once('data', (d) => {
      resolve(d.toString('utf8').split('\r\n')[0] as string);
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

describe('RTSP wire format', () => {
  it('splits requests with bodies and interleaved frames, whatever the chunking', () => {
    const sdp = 'v=0\r\nm=video 0 RTP/AVP 96\r\na=control:streamid=0\r\n';
    const bytes = Buffer.concat([
      Buffer.from(`ANNOUNCE rtsp://h/p RTSP/1.0\r\nCSeq: 2\r\nContent-Length: ${sdp.length}\r\n\r\n${sdp}`),
      Buffer.from([0x24, 1, 0, 3, 7, 8, 9]),
      Buffer.from('TEARDOWN rtsp://h/p RTSP/1.0\r\nCSeq: 3\r\n\r\n'),
    ]);
    const reader = new RtspReader();
    const got = [...bytes].flatMap((b) => reader.push(Buffer.from([b])));
    expect(got.map((g) => (g.kind === 'request' ? g.request.method : `$${g.channel}`))).toEqual([
      'ANNOUNCE',
      '$1',
      'TEARDOWN',
    ]);
    const first = got[0];
    if (first?.kind === 'request') expect(first.request.body.toString()).toBe(sdp);
    // anything else is refused (the server then drops the connection)
    expect(() => new RtspReader().push(Buffer.from('GET / HTTP/1.1\r\n\r\n'))).toThrow(/not an RTSP request/);
  });
});

describe.skipIf(!hasFfmpeg)('RTSP simulator with ffmpeg', () => {
  let server: RtspServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'farmpark-rtsp-'));
    server = await startRtspServer({ user: 'viewer', password: PASSWORD, lingerMs: LINGER_MS });
    const scene = new Scene({
      ffmpeg: DEFAULT_FFMPEG,
      font: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
      dir,
      name: 'Gate 大门',
    });
    server.addSource('park1/gate', scenePublisher(DEFAULT_FFMPEG, scene));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Decodes `frames` grey frames of a URL over TCP interleaved, as the stream manager reads cameras. */
  const decode = (url: string, frames: number) =>
    runFfmpeg(
      DEFAULT_FFMPEG,
      // biome-ignore format: one option per line reads better
      ['-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', url,
        '-frames:v', String(frames), '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
      30_000,
    );

  it('a wrong or missing password gets 401 and starts no publisher', async () => {
    const wrong = server.playUrl('park1/gate').replace(PASSWORD, 'guess');
    await expect(decode(wrong, 1)).rejects.toThrow(/401/);
    const port = server.port;
    const bare = `DESCRIBE rtsp://127.0.0.1:${port}/park1/gate RTSP/1.0\r\nCSeq: 1\r\n\r\n`;
    expect(await ask(port, bare)).toBe('RTSP/1.0 401 Unauthorized');
    expect(server.runningPublishers()).toEqual([]);
    expect(processesNaming(dir)).toEqual([]);
  }, 40_000);

  const auth = () => `Authorization: Basic ${Buffer.from(`viewer:${PASSWORD}`).toString('base64')}\r\n`;

  it('unknown paths answer 404, to players and to publishers', async () => {
    const base = `rtsp://127.0.0.1:${server.port}`;
    expect(await ask(server.port, `DESCRIBE ${base}/nowhere RTSP/1.0\r\nCSeq: 1\r\n${auth()}\r\n`)).toContain(' 404 ');
    const sdp = 'v=0\r\nm=video 0 RTP/AVP 96\r\na=control:streamid=0\r\n';
    const announce = `ANNOUNCE ${base}/elsewhere RTSP/1.0\r\nCSeq: 3\r\nContent-Type: application/sdp\r\nContent-Length: ${sdp.length}\r\n\r\n${sdp}`;
    expect(await ask(server.port, announce)).toContain(' 404 ');
  });

  it('ffmpeg plays rtsp://user:pass@… : the publisher starts on demand, two players decode frames at once', async () => {
    const url = server.playUrl('park1/gate');
    expect(url).toMatch(/^rtsp:\/\/viewer:rtsp-pass-never-shown@127\.0\.0\.1:\d+\/park1\/gate$/);
    const [a, b] = await Promise.all([decode(url, 5), decode(url, 3)]);
    expect(a.length).toBe(5 * SCENE.viewW * SCENE.viewH);
    expect(b.length).toBe(3 * SCENE.viewW * SCENE.viewH);
    // The picture moves: the first and the last frame differ.
    const frame = SCENE.viewW * SCENE.viewH;
    expect(a.subarray(0, frame).equals(a.subarray(4 * frame))).toBe(false);
    expect(server.runningPublishers()).toEqual(['park1/gate']);
    // UDP is not served (ffmpeg's default then falls back to TCP by itself)
    const setup = `SETUP rtsp://127.0.0.1:${server.port}/park1/gate/streamid=0 RTSP/1.0\r\nCSeq: 1\r\n${auth()}`;
    expect(await ask(server.port, `${setup}Transport: RTP/AVP;unicast;client_port=5000-5001\r\n\r\n`)).toContain(
      ' 461 ',
    );
    // While published, another ANNOUNCE of the same path is refused.
    const sdp = 'v=0\r\nm=video 0 RTP/AVP 96\r\na=control:streamid=0\r\n';
    const announce = `ANNOUNCE rtsp://127.0.0.1:${server.port}/park1/gate RTSP/1.0\r\nCSeq: 1\r\nContent-Length: ${sdp.length}\r\n\r\n${sdp}`;
    expect(await ask(server.port, announce)).toContain(' 455 ');
  }, 60_000);

  it('the publisher ffmpeg is gone a short while after the last player left', async () => {
    expect(await eventually(() => processesNaming(dir).length === 0, LINGER_MS + 8000)).toBe(true);
    expect(server.runningPublishers()).toEqual([]);
    // and a new player starts it again
    expect((await decode(server.playUrl('park1/gate'), 2)).length).toBe(2 * SCENE.viewW * SCENE.viewH);
  }, 60_000);
});
