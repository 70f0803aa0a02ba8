import { type AlarmRule, type CameraListItem, Code, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import { cameraById } from '../video/repo';
import { createVideo, type Video } from '../video/runtime';
import { closedPort } from '../video/testFixture';
import { createVideoSnapshots, RETRY_BASE_MS } from './runtime';

const MIN = 60_000;

/**
 * Issue 25 point 5: scheduled pictures of a camera that cannot be reached fail in words, are tried again
 * after longer and longer waits (not at every tick), and after three failures in a row the camera counts
 * as failing: video setup and the wall's list say why, its device is offline, and an offline alarm rule
 * raises an alarm for it as for any silent device. A picture that works again clears it all.
 */
describe.each(engines)('a camera whose scheduled pictures fail [%s]', (engine) => {
  let env: TestEnv & { close: () => Promise<void> };
  let video: Video;
  let demo: string;
  let cam: VideoCamera;
  const warned: string[] = [];
  let pictures: ReturnType<typeof createVideoSnapshots>;

  beforeAll(async () => {
    env = await createTestEnv(engine, { VIDEO_ALLOW_LOCAL_SOURCES: 'true' });
    video = createVideo({ db: env.db, config: env.config });
    demo = await env.login('demo');
    const add = await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, {
      groupId: env.ids.parks.farm[0],
      name: '苗情（坏）',
      kind: 'stream',
      streamUrl: `rtsp://admin:pw@127.0.0.1:${await closedPort()}/live`,
      snapshotEveryMinutes: 10,
      unchecked: true,
    });
    expect(add.code, add.msg).toBe(Code.OK);
    cam = add.data;
    pictures = createVideoSnapshots({
      db: env.db,
      dataDir: env.config.dataDir,
      tzName: env.config.tzName,
      owner: video.owner,
      capture: video.capture,
      log: { warn: (o, m) => warned.push(`${m} ${JSON.stringify(o)}`) },
    });
  }, 60_000);
  afterAll(async () => {
    await video?.close();
    await env?.close();
  });

  const check = async () =>
    (await env.get<VideoCamera[]>('/api/merchant/video/camera/list', demo)).data.find((c) => c.id === cam.id);
  const wallItem = async () =>
    (
      await env.get<CameraListItem[]>('/api/merchant/camera/getCameraListByGroupId', demo, {
        groupId: String(cam.groupId),
      })
    ).data.find((c) => c.deviceId === cam.id);
  /** A tick just after the retry wait. */
  const after = (ms: number) => Date.now() + ms + 1000;

  it('fails three times in a row, each after a longer wait, then counts as failing and offline', async () => {
    // a camera heard from 20 minutes ago, whose pictures now fail
    await env.db
      .updateTable('devices')
      .set({ online: 1, last_seen_at: Date.now() - 20 * MIN })
      .where('id', '=', cam.id)
      .execute();
    expect(await pictures.scheduleTick(Date.now())).toBe(0);
    expect((await check())?.check).toMatchObject({ state: 'failed', fault: 'refused', failures: 1 });
    // the next tick, 30 s later, leaves it alone: it waits a minute first
    expect(await pictures.scheduleTick(Date.now() + 30_000)).toBe(0);
    expect((await check())?.check?.failures).toBe(1);
    // (the ticks below come minutes later, when the 10 s backoff of a failed start is long over)
    video.health.forget(cam.id);
    await pictures.scheduleTick(after(RETRY_BASE_MS));
    expect((await check())?.check?.failures).toBe(2);
    video.health.forget(cam.id);
    await pictures.scheduleTick(after(2 * RETRY_BASE_MS));
    const failing = await check();
    expect(failing?.check).toMatchObject({ state: 'failing', fault: 'refused', failures: 3 });
    expect(failing?.online).toBe(false);
    expect(await wallItem()).toMatchObject({ online: false, fault: 'refused' });
    expect(warned.filter((w) => w.startsWith('scheduled snapshot failed'))).toHaveLength(3);
    expect(warned.join('\n')).toMatch(/refused the connection/);
  }, 60_000);

  it('an offline alarm rule raises an alarm for it, as for any silent device', async () => {
    const rule = await env.post<AlarmRule>('/api/merchant/alarm/addAlarmRule', demo, {
      groupId: cam.groupId,
      name: '摄像头离线',
      deviceId: cam.id,
      condition: { kind: 'offline', forMs: 10 * MIN },
      severity: 'warning',
      contactIds: [],
      channels: [],
      repeatMinutes: 0,
    });
    expect(rule.code, rule.msg).toBe(0);
    await env.rules.tick();
    await env.rules.idle();
    const alarm = await env.db
      .selectFrom('alarms')
      .select(['device_id', 'state'])
      .where('rule_id', '=', rule.data.id)
      .executeTakeFirst();
    expect(alarm).toEqual({ device_id: cam.id, state: 'active' });
  });

  it('a camera that answers again is cleared: no fault, online, heard from now', async () => {
    // what every picture, play or check that works does
    const row = await cameraById(env.db, cam.id);
    await video.health.reached(row as NonNullable<typeof row>);
    expect(await check()).toMatchObject({ online: true, check: { state: 'ok', fault: null, failures: 0 } });
    expect((await wallItem())?.fault).toBeNull();
  });
});
