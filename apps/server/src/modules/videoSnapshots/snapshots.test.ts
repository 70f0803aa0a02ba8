import {
  type AlarmRule,
  type AlarmSnapshotItem,
  Code,
  SNAPSHOT_PATHS as P,
  type SnapshotDay,
  type SnapshotItem,
  type TimelapseItem,
} from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendReadings, settle } from '../../test/devices';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import { createVideo, type Video } from '../video/runtime';
import { createVideoSnapshots } from './runtime';
import { cameraDevices, setUpCamera, startTestStream } from './testFixture';

const MIN = 60_000;

describe.each(engines)('camera pictures and time-lapses [%s]', (engine) => {
  let env: TestEnv & { close: () => Promise<void> };
  let stream: Awaited<ReturnType<typeof startTestStream>>;
  let demo: string;
  let demo2: string;
  /** Camera "gate" far from the weather station; camera "nursery" set up in the station's plot. */
  let gate: number;
  let nursery: number;
  let station: { id: number; serial: string; group_id: number | null };
  /** Video's runtime for the schedules these tests drive themselves. */
  let video: Video;
  const pictures = () =>
    createVideoSnapshots({
      db: env.db,
      dataDir: env.config.dataDir,
      tzName: env.config.tzName,
      owner: video.owner,
      capture: video.capture,
      log: { warn: () => {} },
    });

  beforeAll(async () => {
    stream = await startTestStream();
    // the test stream listens on 127.0.0.1
    env = await createTestEnv(engine, { VIDEO_ALLOW_LOCAL_SOURCES: 'true' });
    video = createVideo({ db: env.db, config: env.config });
    [demo, demo2] = await Promise.all([env.login('demo'), env.login('demo2')]);
    const { db } = env;
    station = await db
      .selectFrom('devices')
      .select(['id', 'serial', 'group_id'])
      .where('serial', '=', 'DF-WS-0001')
      .executeTakeFirstOrThrow();
    const plot = await db
      .selectFrom('area_points')
      .select(['id', 'boundary'])
      .where('group_id', '=', station.group_id as number)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const ring = JSON.parse(plot.boundary) as [number, number][];
    const centre: [number, number] = [
      ring.reduce((s, p) => s + p[0], 0) / ring.length,
      ring.reduce((s, p) => s + p[1], 0) / ring.length,
    ];
    await db
      .updateTable('devices')
      .set({ longitude: centre[0], latitude: centre[1] })
      .where('id', '=', station.id)
      .execute();
    const cams = await cameraDevices(db, env.ids.merchant.farm);
    [gate, nursery] = [cams[0].id, cams[1].id];
    await setUpCamera(db, gate, { streamUrl: stream.url, everyMinutes: 10, at: [centre[0] + 0.02, centre[1]] });
    await setUpCamera(db, nursery, { streamUrl: stream.url, plotId: plot.id, at: null });
  });
  afterAll(async () => {
    await video?.close();
    await env?.close();
    await stream?.close();
  });

  it('takes scheduled pictures once per slot of the camera schedule', async () => {
    const runtime = pictures();
    const slot = Math.floor(Date.now() / (10 * MIN)) * 10 * MIN;
    expect(await runtime.scheduleTick(slot - 20 * MIN + 1000)).toBe(1);
    expect(await runtime.scheduleTick(slot - 20 * MIN + 5 * MIN)).toBe(0); // same slot
    expect(await runtime.scheduleTick(slot - 10 * MIN + 1000)).toBe(1);
    expect(await runtime.scheduleTick(slot + 1000)).toBe(1);
    const rows = await env.db.selectFrom('video_snapshots').selectAll().where('camera_id', '=', gate).execute();
    expect(rows.map((r) => r.source)).toEqual(['schedule', 'schedule', 'schedule']);
    expect(rows[0]).toMatchObject({ width: 320, height: 240, mime: 'image/jpeg' });
    // the nursery camera has no schedule
    expect(rows.every((r) => r.camera_id === gate)).toBe(true);
  });

  it('runs its schedule only in the process that owns it (one picture per slot across processes)', async () => {
    const count = async () =>
      (await env.db.selectFrom('video_snapshots').select('id').where('camera_id', '=', gate).execute()).length;
    const before = await count();
    const runtime = pictures();
    runtime.start(() => false);
    await runtime.stop();
    expect(await count()).toBe(before);
  });

  it('browses by range and day, serves the picture and its thumbnail, refuses another merchant', async () => {
    const slot = Math.floor(Date.now() / (10 * MIN)) * 10 * MIN;
    const range = { cameraId: String(gate), start: String(slot - 30 * MIN), end: String(slot + 10 * MIN) };
    const list = await env.get<SnapshotItem[]>(P.list, demo, range);
    expect(list.code, list.msg).toBe(0);
    expect(list.data).toHaveLength(3);
    expect(list.data[0].takenAt).toBeLessThan(list.data[2].takenAt);
    const days = await env.get<SnapshotDay[]>(P.days, demo, { cameraId: String(gate), tz: 'Asia/Shanghai' });
    expect(days.data.reduce((s, d) => s + d.count, 0)).toBe(3);
    expect(days.data[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const pic = await env.app.inject({ url: list.data[0].url, headers: { AuthToken: demo } });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');
    expect(pic.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const thumb = await env.app.inject({ url: `${list.data[0].url}&thumb=true`, headers: { AuthToken: demo } });
    expect(thumb.headers['content-type']).toBe('image/jpeg');

    expect((await env.get(P.list, demo2, range)).code).toBe(Code.NOT_FOUND);
    expect((await env.get(P.days, demo2, { cameraId: String(gate) })).code).toBe(Code.NOT_FOUND);
    const foreign = await env.app.inject({ url: list.data[0].url, headers: { AuthToken: demo2 } });
    expect(foreign.json().code).toBe(Code.NOT_FOUND);
    expect((await env.post(P.take, demo2, { cameraId: gate })).code).toBe(Code.NOT_FOUND);
  });

  it('takes a picture on request', async () => {
    const taken = await env.post<SnapshotItem>(P.take, demo, { cameraId: nursery });
    expect(taken.code, taken.msg).toBe(0);
    expect(taken.data).toMatchObject({ cameraId: nursery, source: 'manual', width: 320 });
  });

  it('makes a time-lapse MP4 of a range, refuses an empty range and another merchant', async () => {
    const slot = Math.floor(Date.now() / (10 * MIN)) * 10 * MIN;
    const empty = await env.post(P.addTimelapse, demo, {
      cameraId: gate,
      start: slot - 99 * MIN,
      end: slot - 98 * MIN,
    });
    expect(empty.code).toBe(Code.VALIDATION);
    const added = await env.post<TimelapseItem>(P.addTimelapse, demo, {
      cameraId: gate,
      start: slot - 30 * MIN,
      end: slot + 10 * MIN,
      fps: 2,
    });
    expect(added.code, added.msg).toBe(0);
    expect(['queued', 'running']).toContain(added.data.state);
    let job = added.data;
    for (let i = 0; i < 300 && (job.state === 'queued' || job.state === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await env.get<TimelapseItem>(P.timelapseDetail, demo, { id: String(added.data.id) })).data;
    }
    expect(job).toMatchObject({ state: 'done', frames: 3, done: 3, error: '' });
    const file = await env.app.inject({ url: job.url, headers: { AuthToken: demo } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');
    expect(file.rawPayload.length).toBe(job.bytes);
    const listed = await env.get<TimelapseItem[]>(P.timelapseList, demo, { cameraId: String(gate) });
    expect(listed.data.map((t) => t.id)).toContain(job.id);

    expect((await env.get(P.timelapseDetail, demo2, { id: String(job.id) })).code).toBe(Code.NOT_FOUND);
    expect((await env.app.inject({ url: job.url, headers: { AuthToken: demo2 } })).json().code).toBe(Code.NOT_FOUND);
    expect((await env.get(P.timelapseList, demo2, { cameraId: String(gate) })).code).toBe(Code.NOT_FOUND);
  });

  it('keeps a picture from the camera of the alarm device plot on the alarm record', async () => {
    const rule = await env.post<AlarmRule>('/api/merchant/alarm/addAlarmRule', demo, {
      groupId: station.group_id,
      name: '视频测试高温',
      deviceId: station.id,
      condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: 30 },
      severity: 'warning',
      contactIds: [],
      channels: [],
      repeatMinutes: 0,
    });
    expect(rule.code, rule.msg).toBe(0);
    const t0 = Date.now();
    await sendReadings(env, station.serial, [{ ts: t0, values: { airTemp: 35 } }], t0);
    await settle(env);
    const alarm = await env.db
      .selectFrom('alarms')
      .select('id')
      .where('rule_id', '=', rule.data.id)
      .executeTakeFirstOrThrow();
    let pictures: AlarmSnapshotItem[] = [];
    for (let i = 0; i < 100 && pictures.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      pictures = (await env.get<AlarmSnapshotItem[]>(P.ofAlarm, demo, { alarmId: String(alarm.id) })).data;
    }
    // the nursery camera is set up in the station's plot; the gate camera, nearer on the map, is not in it
    expect(pictures.map((p) => [p.cameraId, p.source])).toEqual([[nursery, 'alarm']]);
    expect(pictures[0].cameraName).toBe('育苗棚摄像头');
    const pic = await env.app.inject({ url: pictures[0].url, headers: { AuthToken: demo } });
    expect(pic.headers['content-type']).toBe('image/jpeg');

    expect((await env.get<AlarmSnapshotItem[]>(P.ofAlarm, demo2, { alarmId: String(alarm.id) })).data).toEqual([]);
    expect((await env.app.inject({ url: pictures[0].url, headers: { AuthToken: demo2 } })).json().code).toBe(
      Code.NOT_FOUND,
    );
    // a scheduled picture is not an alarm's: the alarm file route does not serve it
    const scheduled = await env.db
      .selectFrom('video_snapshots')
      .select('id')
      .where('source', '=', 'schedule')
      .executeTakeFirstOrThrow();
    const notAlarm = await env.app.inject({ url: `${P.alarmFile}?id=${scheduled.id}`, headers: { AuthToken: demo } });
    expect(notAlarm.json().code).toBe(Code.NOT_FOUND);
  });
});
