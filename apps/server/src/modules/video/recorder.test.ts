import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code, type PlayAnswer, type RecordingRange, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import { eventually } from '../../video-sim/rtsp/testTools';
import { createCodecProbe } from './codec';
import { hasFfmpeg } from './ffmpeg';
import { createCameraHealth } from './health';
import { createProcessOwner } from './processes';
import { createRecorder } from './recorder';
import { segmentsIn } from './recordingRepo';
import { cameraById } from './repo';
import { describeFile, startRtspGate } from './testFixture';

const CAM = '/api/merchant/video/camera';

/**
 * Recording around the clock with the RTSP simulator as the camera and 1 s segments: a camera set to record
 * is recorded with nobody watching, its spans listed, any range played back and exported as an MP4; a
 * recorder whose camera dropped is started again after its backoff; retention, quota and the free floor
 * remove the oldest first.
 */
describe.skipIf(!hasFfmpeg).each(engines)('recording around the clock [%s]', (engine) => {
  let gate: Awaited<ReturnType<typeof startRtspGate>>;
  let env: TestEnv & { close: () => Promise<void> };
  let demo: string;
  let cam: VideoCamera;
  let t0: number;

  beforeAll(async () => {
    gate = await startRtspGate('rec-pass', 'Recorded gate');
    env = await createTestEnv(engine, { VIDEO_ALLOW_LOCAL_SOURCES: 'true', VIDEO_RECORD_SEGMENT_SECONDS: '1' });
    demo = await env.login('demo');
    t0 = Date.now();
    const add = await env.post<VideoCamera>(`${CAM}/add`, demo, {
      groupId: env.ids.parks.farm[0] as number,
      name: 'Recorded gate',
      kind: 'stream',
      streamUrl: gate.url,
      recordAlways: true,
    });
    expect(add.code).toBe(Code.OK);
    cam = add.data;
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await gate?.close();
  });

  const indexed = async () => {
    const row = await cameraById(env.db, cam.id);
    return segmentsIn(env.db, row?.merchant_id ?? 0, cam.id, 0, Date.now() + 60_000);
  };

  it('records with nobody watching and lists what it recorded as spans', async () => {
    expect(cam.recordAlways).toBe(true);
    await env.recorder.tick();
    expect(env.recorder.running()).toEqual([cam.id]);
    let count = 0;
    await eventually(
      () => count >= 3,
      30_000,
      async () => {
        await env.recorder.tick();
        count = (await indexed()).length;
      },
    );
    expect(count).toBeGreaterThanOrEqual(3);
    const spans = await env.get<RecordingRange[]>(`${CAM}/recordings`, demo, {
      id: String(cam.id),
      from: String(t0 - 86_400_000 * 2),
      to: String(Date.now()),
    });
    // one run without gaps, of the seconds recorded (a range of two days may be asked)
    expect(spans.data).toHaveLength(1);
    expect((spans.data[0] as RecordingRange).to - (spans.data[0] as RecordingRange).from).toBeGreaterThan(2000);
  }, 60_000);

  it('plays a range back (its token opens its files) and exports it as an MP4 that ffmpeg reads', async () => {
    const rows = await indexed();
    const from = (rows[0] as { start_at: number }).start_at;
    const to = (rows[rows.length - 1] as { end_at: number }).end_at;
    const play = await env.get<PlayAnswer>(`${CAM}/playback`, demo, {
      id: String(cam.id),
      from: String(from),
      to: String(to),
    });
    if (!play.data.ok) throw new Error(play.data.message);
    const list = await env.app.inject({ method: 'GET', url: play.data.url });
    const segment = list.body.split('\n').find((l) => /^r\d+\.ts\?t=/.test(l));
    expect(segment).toBeDefined();
    const ts = await env.app.inject({ method: 'GET', url: `/api/video/stream/${cam.id}/${segment}` });
    expect(ts.statusCode).toBe(200);
    expect(ts.rawPayload[0]).toBe(0x47);
    // a live token does not open a recorded file
    const live = await env.get<PlayAnswer>(`${CAM}/play`, demo, { id: String(cam.id) });
    if (!live.data.ok) throw new Error(live.data.message);
    const liveToken = new URL(live.data.url, 'http://x').searchParams.get('t') as string;
    const refused = await env.app.inject({
      method: 'GET',
      url: `/api/video/stream/${cam.id}/${(segment as string).split('?')[0]}?t=${liveToken}`,
    });
    expect(refused.statusCode).toBe(403);

    const clip = await env.app.inject({
      method: 'GET',
      url: `${CAM}/clip?id=${cam.id}&from=${from}&to=${to}`,
      headers: { AuthToken: demo },
    });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');
    expect(clip.headers['content-disposition']).toMatch(/attachment; filename="camera-\d+-\d{8}-\d{6}\.mp4"/);
    const file = join(env.config.dataDir, 'clip.mp4');
    writeFileSync(file, clip.rawPayload);
    const words = describeFile(file);
    expect(words).toMatch(/Input #0, mov,mp4/);
    expect(words).toMatch(/Video: h264/);
    // nothing recorded in the range: refused in words, no file
    const none = await env.get(`${CAM}/clip`, demo, { id: String(cam.id), from: '1000', to: '2000' });
    expect(none.code).toBe(Code.NOT_FOUND);
  }, 60_000);

  it('starts a recorder whose camera dropped again, after its backoff', async () => {
    const pid = env.recorder.pid(cam.id) as number;
    process.kill(pid, 'SIGKILL');
    expect(await eventually(() => env.recorder.running().length === 0, 10_000)).toBe(true);
    await env.recorder.tick();
    expect(env.recorder.running()).toEqual([]); // backing off
    await env.recorder.tick(Date.now() + 6000);
    expect(env.recorder.running()).toEqual([cam.id]);
    expect(env.recorder.pid(cam.id)).not.toBe(pid);
  }, 30_000);

  it('keeps each merchant under its quota and the disk above its floor, oldest first; then past the kept days', async () => {
    await env.recorder.index();
    const before = await indexed();
    const total = before.reduce((n, r) => n + r.bytes, 0);
    const keep = before.slice(-2).reduce((n, r) => n + r.bytes, 0);
    env.config.video.recordQuotaMb = keep / 1024 / 1024;
    await env.recorder.prune(Date.now());
    const after = await indexed();
    expect(after.map((r) => r.id)).toEqual(before.slice(-2).map((r) => r.id));
    expect(total).toBeGreaterThan(keep);
    const dir = env.recorder.dirOf(cam.id);
    for (const r of before.slice(0, -2)) expect(existsSync(join(dir, r.file))).toBe(false);
    // a free floor above what the disk has: the oldest go first
    env.config.video.recordQuotaMb = 1_000_000;
    env.config.video.recordMinFreeMb = 1e12;
    await env.recorder.prune(Date.now());
    expect(await indexed()).toEqual([]);
    env.config.video.recordMinFreeMb = 0;
    // past the kept days (3)
    let count = 0;
    await eventually(
      () => count > 0,
      10_000,
      async () => {
        await env.recorder.index();
        count = (await indexed()).length;
      },
    );
    expect(count).toBeGreaterThan(0);
    await env.recorder.prune(Date.now() + 4 * 86_400_000);
    expect(await indexed()).toEqual([]);
    expect(readdirSync(dir).length).toBeLessThanOrEqual(2); // the file being written (and one just closed)
  }, 30_000);

  it('stops recording when the setting is turned off', async () => {
    const off = await env.post<VideoCamera>(`${CAM}/update`, demo, {
      ...cam,
      streamUrl: undefined,
      recordAlways: false,
      unchecked: true,
    });
    expect(off.code).toBe(Code.OK);
    await env.recorder.tick();
    expect(env.recorder.running()).toEqual([]);
  }, 30_000);

  it('records again after a restart of the server: the next recorder indexes the last file and goes on', async () => {
    const on = await env.post<VideoCamera>(`${CAM}/update`, demo, { ...cam, streamUrl: undefined, recordAlways: true });
    expect(on.code).toBe(Code.OK);
    await env.recorder.tick();
    expect(env.recorder.running()).toEqual([cam.id]);
    // until its file has video in it (a fixed wait ran out before ffmpeg wrote any on a loaded CI machine)
    const dir = env.recorder.dirOf(cam.id);
    const written = () => existsSync(dir) && readdirSync(dir).some((f) => statSync(join(dir, f)).size > 0);
    expect(await eventually(written, 20_000)).toBe(true);
    // the server is killed (its ffmpeg dies with it: the parent-death signal), leaving the file being written
    process.kill(env.recorder.pid(cam.id) as number, 'SIGKILL');
    expect(await eventually(() => env.recorder.running().length === 0, 10_000)).toBe(true);
    const files = readdirSync(dir).length;
    const withVideo = readdirSync(dir).filter((f) => statSync(join(dir, f)).size > 0).length;
    // a new server's recorder (its own process owner), as main starts it
    const owner = createProcessOwner({ ffmpeg: env.config.video.ffmpeg, maxProcesses: 4, maxPerMerchant: 4 });
    const health = createCameraHealth({ db: env.db });
    const next = createRecorder({ db: env.db, config: env.config, owner, health, codecs: createCodecProbe(owner) });
    try {
      await next.tick();
      expect(next.running()).toEqual([cam.id]);
      // every file the killed recorder left with video in it is indexed now, its last one too (by the old
      // recorder's exit handler or by the next one's first round, whichever came first)
      expect((await indexed()).length).toBeGreaterThanOrEqual(withVideo);
      let count = 0;
      await eventually(
        () => count > files,
        15_000,
        async () => {
          await next.tick();
          count = (await indexed()).length;
        },
      );
      expect(count).toBeGreaterThan(files);
    } finally {
      await next.close();
      await owner.close();
    }
  }, 60_000);
});
