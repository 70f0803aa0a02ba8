import {
  type AddVideoCameraBody,
  type AlarmSnapshotItem,
  type CameraListItem,
  type EzvizKeyBody,
  type EzvizKeyStatus,
  type PlayAnswer,
  type PtzBody,
  type PtzPreset,
  type RecordingRange,
  SNAPSHOT_PATHS as S,
  type SaveWallTourBody,
  type SaveWallViewBody,
  type SnapshotDay,
  type SnapshotItem,
  type TimelapseItem,
  type UpdateVideoCameraBody,
  type VideoCamera,
  type WallLayouts,
  type WallTour,
  type WallView,
} from '@farmpark/contracts';
import { download, get, post } from './request';

const V = '/api/merchant/video';

// video setup (modules/video)
export const getCameras = (groupId?: number) => get<VideoCamera[]>(`${V}/camera/list`, { groupId });
/**
 * Quiet: the form shows a refusal under its field. A save reaches the camera first (up to 10 s on the server,
 * modules/video/runtime.ts), so it may take longer than the usual 15 s on a busy server.
 */
const SAVE = { json: true, silent: true, timeoutMs: 30_000 } as const;
export const addCamera = (body: AddVideoCameraBody) => post<VideoCamera>(`${V}/camera/add`, body, SAVE);
export const updateCamera = (body: UpdateVideoCameraBody) => post<VideoCamera>(`${V}/camera/update`, body, SAVE);
export const removeCamera = (id: number) => post<null>(`${V}/camera/remove`, { id }, { json: true });
export const getEzvizKey = () => get<EzvizKeyStatus>(`${V}/ezvizKey`);
export const saveEzvizKey = (body: EzvizKeyBody) =>
  post<EzvizKeyStatus>(`${V}/ezvizKey`, body, { json: true, silent: true });

// watching
/** SPEC's camera list of a park with the video settings the wall needs (no URL, serial or key). */
export const getParkCameras = (groupId: number) =>
  get<CameraListItem[]>('/api/merchant/camera/getCameraListByGroupId', { groupId });
/**
 * Quiet: a tile shows why it cannot play. `lowLatency`: the browser plays fMP4 through Media Source (the
 * answer's kind is then `mse`, a WebSocket path); HLS otherwise.
 */
export const playCamera = (id: number, lowLatency = false) =>
  get<PlayAnswer>(`${V}/camera/play`, { id, ...(lowLatency ? { lowLatency: 'true' } : {}) }, { silent: true });
export const ptz = (body: PtzBody) => post<null>(`${V}/camera/ptz`, body, { json: true });
/** One picture now; a camera that cannot give one is told in words by the request client (never a JSON page). */
export const cameraSnapshot = async (id: number) =>
  (await download(`${V}/camera/snapshot`, { params: { id, at: Date.now() } })).blob;
export const getRecordings = (id: number, from: number, to: number) =>
  get<RecordingRange[]>(`${V}/camera/recordings`, { id, from, to });
export const playback = (id: number, from: number, to: number) =>
  get<PlayAnswer>(`${V}/camera/playback`, { id, from, to }, { silent: true });
/** A recorded range as an MP4 file (at most an hour); a range without recording is told in words. */
export const downloadClip = (id: number, from: number, to: number) =>
  download(`${V}/camera/clip`, { params: { id, from, to }, timeoutMs: 180_000 });

// pictures and time-lapses (modules/videoSnapshots)
export const getSnapshots = (cameraId: number, start: number, end: number) =>
  get<SnapshotItem[]>(S.list, { cameraId, start, end });
export const getSnapshotDays = (cameraId: number, tz: string) => get<SnapshotDay[]>(S.days, { cameraId, tz });
export const takeSnapshot = (cameraId: number) => post<SnapshotItem>(S.take, { cameraId }, { json: true });
export const getAlarmSnapshots = (alarmId: number) => get<AlarmSnapshotItem[]>(S.ofAlarm, { alarmId });
export const thumbOf = (url: string) => `${url}&thumb=true`;
export const addTimelapse = (cameraId: number, start: number, end: number, fps: number) =>
  post<TimelapseItem>(S.addTimelapse, { cameraId, start, end, fps }, { json: true });
export const getTimelapses = (cameraId: number) => get<TimelapseItem[]>(S.timelapseList, { cameraId });
export const getTimelapse = (id: number) => get<TimelapseItem>(S.timelapseDetail, { id });

// the wall's saved views and tours (each user's own)
const W = `${V}/wall`;
const JSON_BODY = { json: true } as const;
export const getWallLayouts = () => get<WallLayouts>(`${W}/getWallLayouts`);
export const saveWallView = (body: SaveWallViewBody) => post<WallView>(`${W}/saveWallView`, body, JSON_BODY);
export const saveWallTour = (body: SaveWallTourBody) => post<WallTour>(`${W}/saveWallTour`, body, JSON_BODY);
export const removeWallLayout = (id: number) => post<null>(`${W}/removeWallLayout`, { id }, JSON_BODY);

// PTZ presets of one camera
export const getPtzPresets = (cameraId: number) => get<PtzPreset[]>(`${V}/camera/presets`, { cameraId });
export const addPtzPreset = (cameraId: number, name: string) =>
  post<PtzPreset>(`${V}/camera/preset/add`, { cameraId, name }, JSON_BODY);
export const gotoPtzPreset = (id: number) => post<null>(`${V}/camera/preset/goto`, { id }, JSON_BODY);
export const removePtzPreset = (id: number) => post<null>(`${V}/camera/preset/remove`, { id }, JSON_BODY);
