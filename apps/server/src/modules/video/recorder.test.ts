import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type PlayAnswer, type RecordingRange, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import { scenePublisher } from '../../video-sim/rtsp/scenePublisher';
import { type RtspServer, startRtspServer } from '../../video-sim/rtsp/server';
import { eventually, processesNaming } from '../../video-sim/rtsp/testTools';
import { Scene } from '../../video-sim/scene';
import { DEFAULT_FFMPEG, hasFfmpeg } from './ffmpeg';
import { Recorder } from './recorder';
import { cameraById } from './repo';
import { StreamManager } from './streams';

const CAMERA = '/api/merchant/video/camera';
const PASSWORD = 'recorder-pass-never-shown';
/** The idle stop of the test's stream manager (config allows 5 s at least; the manager takes any). */
const IDLE_SECONDS = 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Cameras set to record continuously (docs/VIDEO.md, "Recording and playback"): the recorder keeps their
 * relay running with nobody watching, in the process that owns the work. The recorder and its stream
 * manager are built here on the test app's database and data folder (main builds the app's own), so the
 * app's recordings and playback routes read what they recorded.
 */
describe.skipIf(!hasFfmpeg).each(engines)('cameras recording around the clock [%s]', (engine) => {
  let rtsp: RtspServer;
  let sceneDir: string;
  let env: TestEnv & { close: () => Promise<void> };
  let demo: string;
  let cam: VideoCamera;
  let streams: StreamManager;
  let recorder: Recorder;
  const warnings: { cameraId?: number }[] = [];
  /** Every answer about the camera: none may hold its password. */
  const answers: string[] = [];
  const relays = () => processesNaming(join(env.config.dataDir, 'video', String(cam.id))).length;

  beforeAll(async () => {
    sceneDir = mkdtempSync(join(tmpdir(), 'farmpark-recorder-'));
    rtsp = await startRtspServer({ user: 'admin', password: PASSWORD, lingerMs: 1000 });
    const font = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
    rtsp.addSource(
      'gate',
      scenePublisher(DEFAULT_FFMPEG, new Scene({ ffmpeg: DEFAULT_FFMPEG, font, dir: sceneDir, name: 'REC 大门' })),
    );
    env = await createTestEnv(engine);
    demo = await env.login('demo');
    const video = { ...env.config.video, idleSeconds: IDLE_SECONDS };
    streams = new StreamManager({ db: env.db, config: { ...env.config, video } });
    recorder = new Recorder(streams, { db: env.db, log: { warn: (o) => warnings.push(o) } });
  }, 60_000);
  afterAll(async () => {
    await recorder?.stop();
    await streams?.close();
    await env?.close();
    await rtsp?.close();
    rmSync(sceneDir, { recursive: true, force: true });
  });

  const body = (recordContinuously: boolean) => ({
    id: cam.id,
    groupId: cam.groupId,
    name: cam.name,
    kind: 'stream',
    recordContinuously,
  });
  const setRecording = async (on: boolean) => {
    const res = await env.post<VideoCamera>(`${CAMERA}/update`, demo, body(on));
    answers.push(JSON.stringify(res));
    expect(res.code).toBe(Code.OK);
    expect(res.data.recordContinuously).toBe(on);
  };

  it('keeps the setting through add, list and update; off unless asked; never returns the password', async () => {
    const groupId = env.ids.parks.farm[0] as number;
    const add = await env.post<VideoCamera>(`${CAMERA}/add`, demo, {
      groupId,
      name: 'Recording gate',
      kind: 'stream',
      streamUrl: rtsp.playUrl('gate'),
      recordContinuously: 'true',
    });
    answers.push(JSON.stringify(add));
    expect(add.code).toBe(Code.OK);
    cam = add.data;
    expect(cam.recordContinuously).toBe(true);
    const plain = await env.post<VideoCamera>(`${CAMERA}/add`, demo, {
      groupId,
      name: 'Watched only',
      kind: 'stream',
      streamUrl: rtsp.playUrl('gate'),
    });
    expect(plain.data.recordContinuously).toBe(false);
    const list = await env.get<VideoCamera[]>(`${CAMERA}/list`, demo, { groupId: String(groupId) });
    answers.push(JSON.stringify(list));
    const byId = new Map(list.data.map((c) => [c.id, c.recordContinuously]));
    expect([byId.get(cam.id), byId.get(plain.data.id)]).toEqual([true, false]);
    const bad = await env.post(`${CAMERA}/update`, demo, { ...body(true), recordContinuously: 'sometimes' });
    expect(bad.code).toBe(Code.VALIDATION);
    await setRecording(false);
    await setRecording(true);
    // the recorder has not been asked yet: adding the camera starts nothing
    expect(streams.running()).toEqual([]);
    for (const a of answers) expect(a).not.toContain(PASSWORD);
  });

  it('runs nothing when the check says this process does not own the work', async () => {
    await recorder.check(false);
    expect(streams.running()).toEqual([]);
    expect(recorder.recording()).toEqual([]);
    expect(relays()).toBe(0);
  });

  it('runs the relay with nobody playing, past the idle time, and shares it with a viewer', async () => {
    await recorder.check(true);
    expect(recorder.recording()).toEqual([cam.id]);
    expect(relays()).toBe(1);
    await sleep(IDLE_SECONDS * 1000 + 2500);
    streams.sweepNow();
    expect(streams.isLive(cam.id)).toBe(true);
    // a viewer of the recording camera gets the same relay
    const row = await cameraById(env.db, cam.id);
    if (!row) throw new Error('camera gone');
    const play = await streams.play(row);
    expect(play).toMatchObject({ ok: true, kind: 'hls' });
    expect(relays()).toBe(1);
    // a second check keeps the running relay (no restart)
    await recorder.check(true);
    expect(relays()).toBe(1);
  }, 40_000);

  it('its segments are a recording range that recordings lists and playback serves', async () => {
    const q = { id: String(cam.id), from: String(Date.now() - 120_000), to: String(Date.now() + 60_000) };
    const ranges = await env.get<RecordingRange[]>(`${CAMERA}/recordings`, demo, q);
    expect(ranges.code).toBe(Code.OK);
    expect(ranges.data).toHaveLength(1);
    const [range] = ranges.data as [RecordingRange];
    expect(range.to - range.from).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000);
    const back = await env.get<PlayAnswer>(`${CAMERA}/playback`, demo, q);
    if (!back.data.ok) throw new Error(back.data.message);
    const vod = await env.app.inject({ method: 'GET', url: back.data.url });
    expect(vod.statusCode).toBe(200);
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    const seg = vod.body.split('\n').find((l) => l.includes('.ts?t=')) as string;
    const ts = await env.app.inject({ method: 'GET', url: `/api/video/stream/${cam.id}/${seg}` });
    expect(ts.statusCode).toBe(200);
    expect(ts.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
  });

  it('stops when the setting is turned off, and when this process no longer owns the work', async () => {
    await setRecording(false);
    await recorder.check(true);
    expect(await eventually(() => relays() === 0, 5000)).toBe(true);
    expect(streams.isLive(cam.id)).toBe(false);
    await setRecording(true);
    await recorder.check(true);
    expect(relays()).toBe(1);
    await sleep(IDLE_SECONDS * 1000 + 500);
    await recorder.check(false);
    expect(await eventually(() => relays() === 0, 5000)).toBe(true);
    expect(recorder.recording()).toEqual([]);
    for (const a of answers) expect(a).not.toContain(PASSWORD);
  }, 40_000);

  it('tries an unreachable camera again with a growing delay, never in a tight loop', async () => {
    await setRecording(false);
    const off = await env.post<VideoCamera>(`${CAMERA}/add`, demo, {
      groupId: cam.groupId,
      name: 'Offline recorder',
      kind: 'stream',
      streamUrl: rtsp.playUrl('no-such-camera'),
      recordContinuously: true,
    });
    const failures = () => warnings.filter((w) => w.cameraId === off.data.id).length;
    const t0 = Date.now();
    await recorder.check(true, t0);
    expect(failures()).toBe(1);
    await recorder.check(true, t0 + 1000); // the first failure tries again at the next check
    expect(failures()).toBe(2);
    await recorder.check(true, t0 + 2000); // the second waits 30 s
    await recorder.check(true, t0 + 20_000);
    expect(failures()).toBe(2);
    await recorder.check(true, t0 + 33_000);
    expect(failures()).toBe(3);
    await recorder.check(true, t0 + 60_000); // the third waits 60 s
    expect(failures()).toBe(3);
    expect(streams.isLive(off.data.id)).toBe(false);
  }, 60_000);
});
