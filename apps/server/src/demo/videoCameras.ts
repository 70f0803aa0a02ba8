import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { insertDevice } from '../modules/devices/repo';
import { ffmpegAvailable } from '../modules/video/ffmpeg';
import { recordingCameraIds } from '../modules/video/recordingRepo';
import { cameraById, saveEzvizKey, saveVideoSettings, updateVideoSettings } from '../modules/video/repo';
import { type SimDevice, startEzvizSim } from '../video-sim/ezvizSim';
import { scenePublisher } from '../video-sim/rtsp/scenePublisher';
import { startRtspServer } from '../video-sim/rtsp/server';
import { Scene } from '../video-sim/scene';
import { DEMO_FARM_PARKS, ORCHARD_PARK } from './data';
import { backfillDemoRecordings } from './videoRecordings';

type Log = { info(o: object, m: string): void; warn(o: object, m: string): void };

/**
 * Demo cameras (docs/VIDEO.md): every demo park gets a PTZ camera, a seedling camera and an offline one
 * behind the local EZVIZ simulator (EZVIZ_BASE_URL points at it unless set), and a gate camera given as an
 * RTSP URL with credentials on the local RTSP simulator (video-sim/rtsp), as a real IP camera would be: so
 * the stream manager's RTSP input runs in the demo. The gate (rather than one more camera per park) because
 * it is the demo's one stream-URL camera already, and more cameras would cost every wall and benchmark; the
 * HLS relay stays covered by the video tests. Park 1's existing camera devices DF-CM-0001/0002 are its gate
 * and seedling cameras. The simulators' keys and ports change at every start, so the demo merchants' EZVIZ
 * keys are rewritten, as are the gate URLs.
 */
const ROLES = [
  { role: 'GATE', name: '大门监控', ptz: false, purpose: 'disaster', every: 0, existing: 'DF-CM-0001' },
  { role: 'SEED', name: '育苗棚苗情', ptz: false, purpose: 'seedling', every: 10, existing: 'DF-CM-0002' },
  { role: 'PTZ', name: '云台摄像机', ptz: true, purpose: 'general', every: 0, existing: null },
  { role: 'OFF', name: '备用摄像机(离线)', ptz: false, purpose: 'general', every: 0, existing: null },
] as const;
const APP_KEY = 'farmpark-demo-ezviz';

const simSerial = (groupId: number, role: string) => `DEMO${groupId}${role}`;

export async function startDemoVideo(
  config: Config,
  db: Db,
  log: Log,
): Promise<{ config: Config; close: () => Promise<void>; status: string }> {
  const none = { config, close: async () => {} };
  if (!config.demo) return { ...none, status: '' };
  const ffmpeg = ffmpegAvailable(config.video.ffmpeg);
  const why = ffmpeg
    ? ''
    : ` NOT PLAYING: ffmpeg not found ('${config.video.ffmpeg}'); install it (apt-get install ffmpeg, or npm install on linux-x64 brings @ffmpeg-installer/linux-x64) or set FFMPEG_PATH`;
  if (config.video.ezvizBaseUrl) {
    return { ...none, status: `Demo cameras:     EZVIZ_BASE_URL=${config.video.ezvizBaseUrl} (no simulator).${why}` };
  }
  const parks = await db
    .selectFrom('groups')
    .select(['id', 'merchant_id', 'name'])
    .where('name', 'in', [...DEMO_FARM_PARKS.map((p) => p.name), ORCHARD_PARK.name])
    .orderBy('id')
    .execute();
  const devices: SimDevice[] = parks.flatMap((p) =>
    ROLES.filter((r) => r.role !== 'GATE').map((r) => ({
      serial: simSerial(p.id, r.role),
      channelNo: 1,
      name: `${p.name.slice(0, 6)} ${r.name}`,
      ptz: r.ptz,
      offline: r.role === 'OFF',
    })),
  );
  const appSecret = randomBytes(16).toString('hex');
  const sim = await startEzvizSim({
    appKey: APP_KEY,
    appSecret,
    devices,
    ffmpeg: config.video.ffmpeg,
    font: config.cjkFont,
    dir: join(config.dataDir, 'video-sim'),
    idleMs: config.video.idleSeconds * 1000,
    timeZone: config.tzName,
    timeCode: config.video.simTimeCode,
  });
  for (const merchantId of new Set(parks.map((p) => p.merchant_id)))
    await saveEzvizKey(db, merchantId, APP_KEY, appSecret);
  // The gate cameras' scenes are published on the RTSP simulator only while someone plays them.
  const rtsp = await startRtspServer({ user: 'viewer', password: randomBytes(8).toString('hex') });
  let made = 0;
  for (const p of parks) {
    const path = `park${p.id}/gate`;
    const gate = ROLES[0];
    const scene = new Scene({
      ffmpeg: config.video.ffmpeg,
      font: config.cjkFont,
      dir: join(config.dataDir, 'video-sim', `rtsp-park${p.id}-gate`),
      name: `${p.name.slice(0, 6)} ${gate.name}`,
      timeZone: config.tzName,
      timeCode: config.video.simTimeCode,
    });
    rtsp.addSource(path, scenePublisher(config.video.ffmpeg, scene));
    made += await ensureParkCameras(db, p, rtsp.playUrl(path));
  }
  const recording = [];
  for (const id of await recordingCameraIds(db)) {
    const cam = await cameraById(db, id);
    if (cam && parks.some((p) => p.id === cam.group_id)) recording.push(cam);
  }
  const backfilled = ffmpeg ? await backfillDemoRecordings(config, db, recording) : 0;
  const rtspUrl = `rtsp://127.0.0.1:${rtsp.port}`;
  log.info({ parks: parks.length, made, simulator: sim.url, rtsp: rtspUrl, backfilled }, 'demo cameras ready');
  return {
    // the simulators listen on 127.0.0.1: the demo's gate cameras are local sources on purpose
    config: { ...config, video: { ...config.video, ezvizBaseUrl: sim.url, allowLocalSources: true } },
    close: async () => {
      await Promise.all([sim.close(), rtsp.close()]);
    },
    status: `Demo cameras:     ${devices.length + parks.length} in ${parks.length} parks, EZVIZ simulator ${sim.url}, RTSP simulator ${rtspUrl} (gate cameras, recording around the clock: ${recording.length}).${why}`,
  };
}

async function ensureParkCameras(db: Db, park: { id: number; merchant_id: number; name: string }, gateUrl: string) {
  let made = 0;
  const now = Date.now();
  for (const r of ROLES) {
    const serial = r.existing && park.name === DEMO_FARM_PARKS[0]?.name ? r.existing : `VD-${park.id}-${r.role}`;
    let device = await db.selectFrom('devices').select(['id']).where('serial', '=', serial).executeTakeFirst();
    if (!device) {
      const id = await insertDevice(db, {
        merchant_id: park.merchant_id,
        group_id: park.id,
        serial,
        name: r.name,
        device_class: 'camera',
        model: 'IPC',
        secret_hash: null,
        report_interval_ms: 86_400_000,
        created_at: now,
      });
      device = { id };
      made++;
    }
    const sim = simSerial(park.id, r.role);
    // The simulated cameras have no MQTT link: their state is the simulator's.
    if (!r.existing || serial !== r.existing)
      await db
        .updateTable('devices')
        .set({ online: r.role === 'OFF' ? 0 : 1, last_seen_at: now, status_at: now })
        .where('id', '=', device.id)
        .execute();
    const streamUrl = r.role === 'GATE' ? gateUrl : null;
    const set = await db
      .selectFrom('video_cameras')
      .select('kind')
      .where('device_id', '=', device.id)
      .executeTakeFirst();
    // What a person changed in video setup stays; only the simulator's new address is written again.
    if (set) {
      if (set.kind === 'stream' && streamUrl)
        await updateVideoSettings(db, device.id, { stream_url: streamUrl, updated_at: now });
      continue;
    }
    await saveVideoSettings(db, {
      device_id: device.id,
      merchant_id: park.merchant_id,
      plot_id: null,
      kind: r.role === 'GATE' ? 'stream' : 'ezviz',
      ezviz_serial: r.role === 'GATE' ? null : sim,
      ezviz_channel: r.role === 'GATE' ? null : 1,
      stream_url: streamUrl,
      ptz: r.ptz ? 1 : 0,
      purpose: r.purpose,
      snapshot_every_minutes: r.every,
      enabled: 1,
      // the gate (the park's disaster camera) records around the clock (issue 25, point 7)
      record_always: r.role === 'GATE' ? 1 : 0,
      updated_at: now,
    });
  }
  return made;
}
