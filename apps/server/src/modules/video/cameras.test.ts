import { type CameraListItem, Code, type EzvizKeyStatus, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import type { EzvizSim } from '../../video-sim/ezvizSim';
import { SIM_KEY, SIM_SERIALS, startTestSim } from './testFixture';

const LIST = '/api/merchant/video/camera/list';
const ADD = '/api/merchant/video/camera/add';
const UPDATE = '/api/merchant/video/camera/update';
const REMOVE = '/api/merchant/video/camera/remove';
const KEY = '/api/merchant/video/ezvizKey';
const LIVE = '/api/merchant/ysyApi/lapp/live/address/get';
const PTZ_START = '/api/merchant/ysyApi/lapp/device/ptz/start';
const PTZ_STOP = '/api/merchant/ysyApi/lapp/device/ptz/stop';
const STREAM_PASSWORD = 'rtsp-pass-never-shown';

describe.each(engines)('video setup and the EZVIZ proxy [%s]', (engine) => {
  let sim: EzvizSim;
  let env: TestEnv & { close: () => Promise<void> };
  let demo: string;
  let other: string;
  /** Every JSON answer of this file, searched for secrets at the end. */
  const answers: string[] = [];
  const keep = <T>(r: T) => {
    answers.push(JSON.stringify(r));
    return r;
  };

  beforeAll(async () => {
    sim = await startTestSim();
    env = await createTestEnv(engine, { EZVIZ_BASE_URL: sim.url });
    demo = await env.login('demo');
    other = await env.login('demo2');
  });
  afterAll(async () => {
    await env?.close();
    await sim?.close();
  });

  const park = () => env.ids.parks.farm[0] as number;
  let streamCam: VideoCamera;
  /** A camera of the first park, saved without reaching it (nothing answers at these addresses, on purpose). */
  const addCamera = async (body: object) =>
    keep(await env.post<VideoCamera>(ADD, demo, { groupId: park(), unchecked: true, ...body }));
  let ezvizCam: VideoCamera;

  it('adds a stream camera and an EZVIZ camera; the list shows the URL without its credentials', async () => {
    const added = await addCamera({
      name: '东门',
      kind: 'stream',
      streamUrl: `rtsp://admin:${STREAM_PASSWORD}@10.0.0.9:554/Streaming/Channels/101`,
      purpose: 'disaster',
      longitude: 120.1,
      latitude: 30.2,
    });
    expect(added.code).toBe(Code.OK);
    streamCam = added.data;
    expect(streamCam).toMatchObject({
      name: '东门',
      kind: 'stream',
      streamProtocol: 'rtsp',
      streamUrl: 'rtsp://***@10.0.0.9:554/Streaming/Channels/101',
      streamCredentialsSet: true,
      purpose: 'disaster',
      enabled: true,
      ptz: false,
    });
    // a form body, as the console's forms send
    const ez = keep(
      await env.post<VideoCamera>(
        ADD,
        demo,
        {
          name: '一号棚云台',
          groupId: String(park()),
          kind: 'ezviz',
          deviceSerial: SIM_SERIALS.ptz,
          channelNo: '1',
          ptz: 'true',
          purpose: 'seedling',
          snapshotEveryMinutes: '10',
          // the EZVIZ key is set further down
          unchecked: 'true',
        },
        true,
      ),
    );
    expect(ez.code).toBe(Code.OK);
    ezvizCam = ez.data;
    expect(ezvizCam).toMatchObject({
      kind: 'ezviz',
      deviceSerial: SIM_SERIALS.ptz,
      channelNo: 1,
      ptz: true,
      snapshotEveryMinutes: 10,
    });
    const list = keep(await env.get<VideoCamera[]>(LIST, demo, { groupId: String(park()) }));
    expect(list.data.map((c) => c.id)).toEqual(expect.arrayContaining([streamCam.id, ezvizCam.id]));
    // it is a camera device: SPEC's camera list shows it too
    const spec = keep(
      await env.get<CameraListItem[]>('/api/merchant/camera/getCameraListByGroupId', demo, {
        groupId: String(park()),
      }),
    );
    // with its video settings, for the wall's camera tree, and nothing of its URL
    expect(spec.data.find((c) => c.deviceId === ezvizCam.id)).toMatchObject({
      kind: 'ezviz',
      ptz: true,
      purpose: 'seedling',
      enabled: true,
    });
    expect(spec.data.find((c) => c.deviceId === streamCam.id)).toMatchObject({
      kind: 'stream',
      ptz: false,
      purpose: 'disaster',
    });
  });

  it('refuses a stream camera without a URL, an EZVIZ camera without a serial, a URL of another kind', async () => {
    const noUrl = await env.post(ADD, demo, { name: 'x', groupId: park(), kind: 'stream' });
    expect(noUrl.code).toBe(Code.VALIDATION);
    expect(fieldsOf(noUrl)).toContain('streamUrl');
    expect((await env.post(ADD, demo, { name: 'x', groupId: park(), kind: 'ezviz' })).code).toBe(Code.VALIDATION);
    const ftp = await env.post(ADD, demo, { name: 'x', groupId: park(), kind: 'stream', streamUrl: 'ftp://a/b' });
    expect(ftp.code).toBe(Code.VALIDATION);
  });

  it('an update without streamUrl keeps the stored one; a new one replaces it', async () => {
    const body = { id: streamCam.id, name: '东门 2', groupId: park(), kind: 'stream', enabled: false };
    const kept = keep(await env.post<VideoCamera>(UPDATE, demo, body));
    expect(kept.code, kept.msg).toBe(Code.OK);
    expect(kept.data).toMatchObject({ name: '东门 2', streamCredentialsSet: true, enabled: false });
    const row = await env.db
      .selectFrom('video_cameras')
      .select('stream_url')
      .where('device_id', '=', streamCam.id)
      .executeTakeFirstOrThrow();
    expect(row.stream_url).toContain(STREAM_PASSWORD);
    const hls = keep(
      await env.post<VideoCamera>(UPDATE, demo, { ...body, streamUrl: 'https://cdn.example/live/a.m3u8' }),
    );
    expect(hls.data).toMatchObject({
      streamProtocol: 'hls',
      streamUrl: 'https://cdn.example/live/a.m3u8',
      streamCredentialsSet: false,
    });
  });

  it('another merchant neither lists, changes, removes nor watches the camera', async () => {
    expect(keep(await env.get<VideoCamera[]>(LIST, other)).data.map((c) => c.id)).not.toContain(ezvizCam.id);
    const body = { id: ezvizCam.id, name: 'taken', groupId: env.ids.parks.orchard, kind: 'ezviz', deviceSerial: 'X' };
    expect((await env.post(UPDATE, other, body)).code).toBe(Code.NOT_FOUND);
    expect((await env.post(REMOVE, other, { id: ezvizCam.id })).code).toBe(Code.NOT_FOUND);
    expect((await env.get('/api/merchant/video/camera/play', other, { id: String(ezvizCam.id) })).code).toBe(
      Code.NOT_FOUND,
    );
    expect(keep(await env.post<unknown>(LIVE, other, { cameraId: ezvizCam.id })).code).toBe(Code.NOT_FOUND);
    // nor moves a camera into a park it may not see
    const into = await env.post(UPDATE, demo, {
      ...body,
      name: 'moved',
      groupId: env.ids.parks.orchard,
      deviceSerial: SIM_SERIALS.ptz,
      id: ezvizCam.id,
    });
    expect(into.code).toBe(Code.NOT_FOUND);
  });

  it('the EZVIZ key: the secret is write-only, a blank secret keeps it, a first key needs one', async () => {
    expect(keep(await env.get<EzvizKeyStatus>(KEY, demo)).data).toEqual({ appKey: '', secretSet: false });
    expect((await env.post(KEY, demo, { appKey: SIM_KEY.appKey })).code).toBe(Code.VALIDATION);
    const saved = keep(
      await env.post<EzvizKeyStatus>(KEY, demo, { appKey: SIM_KEY.appKey, secret: SIM_KEY.appSecret }),
    );
    expect(saved.data).toEqual({ appKey: SIM_KEY.appKey, secretSet: true });
    const again = keep(await env.post<EzvizKeyStatus>(KEY, demo, { appKey: SIM_KEY.appKey, secret: '' }));
    expect(again.data.secretSet).toBe(true);
    // the other merchant's key is its own
    expect(keep(await env.get<EzvizKeyStatus>(KEY, other)).data.secretSet).toBe(false);
  });

  it('PTZ through the proxy; an expired token (10002) is renewed once and the call succeeds', async () => {
    const start = keep(await env.post<null>(PTZ_START, demo, { cameraId: ezvizCam.id, direction: 'left', speed: 1 }));
    expect(start.code).toBe('200');
    expect(sim.tokensIssued()).toBe(1);
    const stop = keep(await env.post<null>(PTZ_STOP, demo, { cameraId: ezvizCam.id }));
    expect(stop.code).toBe('200');
    expect(sim.tokensIssued()).toBe(1); // cached
    sim.expireTokens();
    const renewed = keep(await env.post<null>(PTZ_START, demo, { cameraId: ezvizCam.id, direction: 'up', speed: 0 }));
    expect(renewed.code).toBe('200');
    expect(sim.tokensIssued()).toBe(2);
    keep(await env.post(PTZ_STOP, demo, { cameraId: ezvizCam.id }));
  });

  it("EZVIZ's own errors come back with EZVIZ's code; a camera without PTZ says so", async () => {
    const off = await addCamera({ name: 'off', kind: 'ezviz', deviceSerial: SIM_SERIALS.offline });
    const flv = keep(await env.post<unknown>(LIVE, demo, { cameraId: off.data.id, protocol: 'flv' }));
    expect(flv.code).toBe('20007');
    expect(keep(await env.post<unknown>(PTZ_START, demo, { cameraId: off.data.id, direction: 'up' })).code).toBe(
      '60020',
    );
    const play = keep(
      await env.get<{ ok: boolean; reason: string }>('/api/merchant/video/camera/play', demo, {
        id: String(off.data.id),
      }),
    );
    expect(play.data).toMatchObject({ ok: false, reason: 'offline' });
    expect(keep(await env.post<unknown>(LIVE, demo, { cameraId: streamCam.id })).code).toBe('400');
  });

  it('removes a camera with its device', async () => {
    expect((await env.post(REMOVE, demo, { id: streamCam.id })).code).toBe(Code.OK);
    const left = await env.db.selectFrom('devices').select('id').where('id', '=', streamCam.id).execute();
    expect(left).toEqual([]);
  });

  it('no answer carried a stream password, the EZVIZ secret or an EZVIZ token', async () => {
    const tokens = await env.db.selectFrom('video_ezviz_keys').select('access_token').execute();
    const secrets = [STREAM_PASSWORD, SIM_KEY.appSecret, ...tokens.map((t) => t.access_token as string)];
    expect(tokens[0]?.access_token).toBeTruthy();
    for (const a of answers) for (const s of secrets) expect(a).not.toContain(s);
  });
});
