import { randomBytes } from 'node:crypto';
import {
  type AddVideoCameraBody,
  CAMERA_FAILURES_TO_MARK,
  type CameraCheck,
  type CameraFault,
  type CameraPurpose,
  Code,
  type EzvizKeyBody,
  type EzvizKeyStatus,
  streamProtocolOf,
  type UpdateVideoCameraBody,
  type VideoCamera,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { requirePark, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { deleteDevices, insertDevice } from '../devices/repo';
import { CameraFailure, failureError } from './faults';
import { maskStreamUrl } from './redact';
import * as repo from './repo';
import type { Video } from './runtime';

/** A camera streams, it does not report: silence for a day is no sign (its health says when it fails). */
const CAMERA_REPORT_INTERVAL_MS = 86_400_000;

/** The last contact as video setup shows it. */
function checkOf(r: repo.CameraRow): CameraCheck | null {
  if (r.kind === null) return null;
  if (r.unchecked) return { state: 'unchecked', failures: 0, fault: null, detail: '', at: null };
  if (r.checked_at === null) return null;
  const failures = r.failures ?? 0;
  return {
    state: failures >= CAMERA_FAILURES_TO_MARK ? 'failing' : failures > 0 ? 'failed' : 'ok',
    failures,
    fault: (r.fault as CameraFault | null) ?? null,
    detail: r.fault_detail ?? '',
    at: Number(r.checked_at),
  };
}

/** What the console sees of a camera: the stream URL without credentials, never a key or token. */
export function toVideoCamera(r: repo.CameraRow): VideoCamera {
  const masked = maskStreamUrl(r.kind === 'stream' ? r.stream_url : null);
  return {
    id: r.id,
    name: r.name,
    groupId: r.group_id ?? 0,
    plotId: r.plot_id ?? null,
    longitude: r.longitude,
    latitude: r.latitude,
    kind: r.kind ?? null,
    deviceSerial: r.kind === 'ezviz' ? r.ezviz_serial : null,
    channelNo: r.kind === 'ezviz' ? r.ezviz_channel : null,
    streamUrl: masked.url,
    streamProtocol: r.kind === 'stream' ? streamProtocolOf(r.stream_url ?? '') : null,
    streamCredentialsSet: masked.credentials,
    ptz: r.ptz === 1,
    purpose: (r.purpose ?? 'general') as CameraPurpose,
    snapshotEveryMinutes: r.snapshot_every_minutes ?? 0,
    enabled: r.enabled === null ? false : r.enabled === 1,
    recordAlways: r.record_always === 1,
    online: r.online === 1,
    check: checkOf(r),
  };
}

export async function listVideoCameras(db: Db, auth: AuthContext, groupId: number | undefined) {
  if (groupId !== undefined) requirePark(auth, groupId);
  return (await repo.listCameras(db, scopeOf(auth), groupId)).map(toVideoCamera);
}

/** The camera if the caller may see its park; otherwise "not found", like one that does not exist. */
export async function cameraOf(db: Db, auth: AuthContext, id: number): Promise<repo.CameraRow> {
  const cam = await repo.findCamera(db, scopeOf(auth), id);
  if (!cam) throw notFound(`id ${id}: camera`);
  return cam;
}

async function checkPlot(db: Db, auth: AuthContext, groupId: number, plotId: number | null): Promise<void> {
  if (plotId !== null && !(await repo.findPlot(db, scopeOf(auth), groupId, plotId)))
    throw notFound(`plotId ${plotId}: plot`);
}

/**
 * Reaches the camera as it is about to be saved (unless it is disabled or saved unchecked on purpose): a
 * camera that cannot play is not saved silently, its cause is answered under the field that sets it.
 */
async function reach(video: Video, auth: AuthContext, body: AddVideoCameraBody, streamUrl: string | null) {
  if (body.unchecked || !body.enabled) return;
  try {
    await video.check(auth.merchantId, {
      kind: body.kind,
      streamUrl,
      serial: body.deviceSerial ?? null,
      channelNo: body.channelNo,
    });
  } catch (err) {
    if (!(err instanceof CameraFailure)) throw err;
    // the key's faults belong to the EZVIZ key card, not to this form
    const serial = err.fault === 'ezviz-unknown-serial' || err.fault === 'offline';
    throw failureError(err, { field: body.kind === 'stream' ? 'streamUrl' : serial ? 'deviceSerial' : undefined });
  }
}

/** After a save: reached (the check passed), or known to be unchecked. */
async function noteSaved(video: Video, auth: AuthContext, body: AddVideoCameraBody, id: number) {
  video.health.forget(id);
  const cam = await repo.findCamera(video.db, scopeOf(auth), id);
  if (!cam || !body.enabled) return;
  if (body.unchecked) await repo.noteCameraUnchecked(video.db, auth.merchantId, id);
  else await video.health.reached(cam);
}

function settings(body: AddVideoCameraBody | UpdateVideoCameraBody, streamUrl: string | null) {
  return {
    plot_id: body.plotId,
    kind: body.kind,
    ezviz_serial: body.kind === 'ezviz' ? (body.deviceSerial ?? null) : null,
    ezviz_channel: body.kind === 'ezviz' ? body.channelNo : null,
    stream_url: body.kind === 'stream' ? streamUrl : null,
    ptz: body.ptz ? 1 : 0,
    purpose: body.purpose,
    snapshot_every_minutes: body.snapshotEveryMinutes,
    enabled: body.enabled ? 1 : 0,
    record_always: body.recordAlways ? 1 : 0,
    updated_at: Date.now(),
  };
}

/** A new camera is a `camera`-class device (no MQTT credentials: it streams, it does not publish). */
export async function addVideoCamera(video: Video, auth: AuthContext, body: AddVideoCameraBody): Promise<VideoCamera> {
  const { db } = video;
  requirePark(auth, body.groupId);
  await checkPlot(db, auth, body.groupId, body.plotId);
  await reach(video, auth, body, body.streamUrl ?? null);
  const id = await db.transaction().execute(async (tx) => {
    const deviceId = await insertDevice(tx, {
      merchant_id: auth.merchantId,
      group_id: body.groupId,
      serial: `CAM-${randomBytes(6).toString('hex').toUpperCase()}`,
      name: body.name,
      device_class: 'camera',
      model: 'IPC',
      secret_hash: null,
      longitude: body.longitude,
      latitude: body.latitude,
      report_interval_ms: CAMERA_REPORT_INTERVAL_MS,
      created_at: Date.now(),
    });
    await repo.saveVideoSettings(tx, {
      device_id: deviceId,
      merchant_id: auth.merchantId,
      ...settings(body, body.streamUrl ?? null),
    });
    return deviceId;
  });
  await noteSaved(video, auth, body, id);
  return toVideoCamera(await cameraOf(db, auth, id));
}

export async function updateVideoCamera(
  video: Video,
  auth: AuthContext,
  body: UpdateVideoCameraBody,
): Promise<VideoCamera> {
  const { db } = video;
  const cam = await cameraOf(db, auth, body.id);
  requirePark(auth, body.groupId);
  await checkPlot(db, auth, body.groupId, body.plotId);
  // The form never holds the stored URL (it shows it masked): no URL given keeps it.
  const streamUrl = body.streamUrl ?? (cam.kind === 'stream' ? cam.stream_url : null);
  if (body.kind === 'stream' && !streamUrl)
    throw new ApiError(Code.VALIDATION, 'streamUrl: is required for a stream camera', {
      field: 'streamUrl',
      rule: 'required',
    });
  await reach(video, auth, body, streamUrl);
  await db.transaction().execute(async (tx) => {
    const place = { name: body.name, group_id: body.groupId, longitude: body.longitude, latitude: body.latitude };
    await repo.updateCameraDevice(tx, scopeOf(auth), cam.id, place);
    await repo.saveVideoSettings(tx, { device_id: cam.id, merchant_id: auth.merchantId, ...settings(body, streamUrl) });
  });
  await noteSaved(video, auth, body, cam.id);
  return toVideoCamera(await cameraOf(db, auth, cam.id));
}

export async function removeVideoCamera(db: Db, auth: AuthContext, id: number): Promise<void> {
  const cam = await cameraOf(db, auth, id);
  await db.transaction().execute(async (tx) => {
    await repo.deleteVideoSettings(tx, scopeOf(auth), cam.id);
    await deleteDevices(tx, scopeOf(auth), [cam.id]);
  });
}

export async function ezvizKeyStatus(db: Db, auth: AuthContext): Promise<EzvizKeyStatus> {
  const row = await repo.ezvizKeyRow(db, auth.merchantId);
  return { appKey: row?.app_key ?? '', secretSet: Boolean(row?.secret) };
}

/** A blank secret keeps the stored one; a first key needs one. */
export async function saveEzvizKey(db: Db, auth: AuthContext, body: EzvizKeyBody): Promise<EzvizKeyStatus> {
  const row = await repo.ezvizKeyRow(db, auth.merchantId);
  const secret = body.secret ?? row?.secret;
  if (!secret) throw new ApiError(Code.VALIDATION, 'secret: is required', { field: 'secret', rule: 'required' });
  await repo.saveEzvizKey(db, auth.merchantId, body.appKey, secret);
  return ezvizKeyStatus(db, auth);
}
