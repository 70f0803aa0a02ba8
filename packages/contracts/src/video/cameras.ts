import { z } from 'zod';
import { id } from '../envelope';
import { named, ruleIssue } from '../errorDetail';
import type { CameraItem } from '../light';
import { text } from '../production/coreValues';
import {
  boolField,
  enumField,
  epochMsField,
  intField,
  nullable,
  numberField,
  optional,
  withDefault,
} from '../requestValues';
import type { CameraCheck, CameraFault } from './faults';

/**
 * Video setup and streams (issue 15). A camera is a `camera`-class device of device management
 * (docs/DECISIONS.md); its video settings sit beside it, keyed by the device id. Secrets (a stream URL's
 * user and password, the merchant's EZVIZ secret, EZVIZ tokens and live addresses) stay on the server.
 *
 * Routes (all JSON or form bodies; envelope `{code: 0, msg, data}` unless said otherwise):
 *   GET  /api/merchant/video/camera/list?groupId=        VideoCamera[] (the caller's parks; groupId narrows)
 *   POST /api/merchant/video/camera/add                  VideoCameraBody -> VideoCamera
 *   POST /api/merchant/video/camera/update               VideoCameraBody & {id} -> VideoCamera
 *   POST /api/merchant/video/camera/remove               {id} -> null
 *   GET  /api/merchant/video/ezvizKey                    EzvizKeyStatus
 *   POST /api/merchant/video/ezvizKey                    EzvizKeyBody -> EzvizKeyStatus
 *   GET  /api/merchant/video/camera/play?id=&lowLatency= PlayAnswer (starts the stream on demand; lowLatency:
 *                                                        kind 'mse', fMP4 over the WebSocket of its url)
 *   POST /api/merchant/video/camera/ptz                  PtzBody -> null (PTZ cameras only)
 *   GET  /api/merchant/video/camera/snapshot?id=         image/jpeg (one frame, now)
 *   GET  /api/merchant/video/camera/recordings?id=&from=&to=   RecordingRange[]
 *   GET  /api/merchant/video/camera/playback?id=&from=&to=     PlayAnswer (an HLS VOD playlist)
 *   GET  /api/merchant/video/camera/clip?id=&from=&to=         an MP4 file of the range (at most CLIP_MAX_MS)
 *   GET  /api/video/stream/:cameraId/:file?t=            playlists and segments; `t` is the signed short-lived
 *                                                        token of a PlayAnswer url: live (the live playlist and
 *                                                        its recent segments) or one recorded range, never both
 *   WS   /api/video/live/:cameraId?t=                    live fMP4: a text message {codec}, the init segment,
 *                                                        then fragments (a live token of this camera only)
 * EZVIZ family (SPEC §8: success only when `code` is "200"; `{code, msg, data}` with a text code):
 *   POST /ysyApi/lapp/live/address/get   {cameraId, protocol: 'hls'|'flv'} -> {url, expireTime}
 *   POST /ysyApi/lapp/device/ptz/start   {cameraId, direction, speed}
 *   POST /ysyApi/lapp/device/ptz/stop    {cameraId, direction?}
 *   POST /ysyApi/lapp/device/capture     {cameraId} -> {picUrl} (a FarmPark snapshot URL)
 */

export * from './faults';

export const CAMERA_KINDS = ['ezviz', 'stream'] as const;
export type CameraKind = (typeof CAMERA_KINDS)[number];
export const CAMERA_PURPOSES = ['general', 'seedling', 'disaster'] as const;
export type CameraPurpose = (typeof CAMERA_PURPOSES)[number];
/** What a stream URL speaks, read from its scheme and path (rtsp://, .m3u8, .flv). */
export const STREAM_PROTOCOLS = ['rtsp', 'hls', 'flv'] as const;
export type StreamProtocol = (typeof STREAM_PROTOCOLS)[number];

/** rtsp://, or http(s) ending in .m3u8 (HLS) or .flv (HTTP-FLV); null when it is none of these. */
export function streamProtocolOf(url: string): StreamProtocol | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol === 'rtsp:' || u.protocol === 'rtsps:') return 'rtsp';
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.pathname.endsWith('.m3u8')) return 'hls';
  if (u.pathname.endsWith('.flv')) return 'flv';
  return null;
}

const streamUrl = text(1000, 1).refine((v) => streamProtocolOf(v) !== null, named('streamUrl'));

/**
 * Add or change a camera. `kind` says which of (deviceSerial, channelNo) or streamUrl apply. On update a
 * missing streamUrl keeps the stored one (the form never holds it: the list shows it without credentials).
 */
export const videoCameraFields = z.object({
  name: text(50, 1),
  groupId: id,
  plotId: withDefault(nullable(id), null),
  longitude: withDefault(nullable(numberField((n) => n.min(-180).max(180))), null),
  latitude: withDefault(nullable(numberField((n) => n.min(-90).max(90))), null),
  kind: enumField(CAMERA_KINDS),
  deviceSerial: optional(text(64, 1)),
  channelNo: withDefault(
    intField((n) => n.min(1).max(256)),
    1,
  ),
  streamUrl: optional(streamUrl),
  ptz: withDefault(boolField(), false),
  purpose: withDefault(enumField(CAMERA_PURPOSES), 'general'),
  /** 0 = no scheduled snapshots. */
  snapshotEveryMinutes: withDefault(
    intField((n) => n.min(0).max(1440)),
    0,
  ),
  enabled: withDefault(boolField(), true),
  /** Record around the clock, watched or not (docs/VIDEO.md); off: only what is watched is kept. */
  recordAlways: withDefault(boolField(), false),
  /** Save without reaching the camera (it is reached, and the cause of a failure named, otherwise). */
  unchecked: withDefault(boolField(), false),
});
/** An EZVIZ camera is reached by its serial, a stream camera by its URL (kept on update when not sent). */
const serialForEzviz = (b: { kind: CameraKind; deviceSerial?: string }, ctx: z.core.$RefinementCtx) => {
  if (b.kind === 'ezviz' && !b.deviceSerial) ctx.addIssue(ruleIssue(['deviceSerial'], 'required'));
};
export const addVideoCameraBody = videoCameraFields.superRefine((b, ctx) => {
  serialForEzviz(b, ctx);
  if (b.kind === 'stream' && !b.streamUrl) ctx.addIssue(ruleIssue(['streamUrl'], 'required'));
});
export type AddVideoCameraBody = z.infer<typeof addVideoCameraBody>;
export const updateVideoCameraBody = videoCameraFields.extend({ id }).superRefine(serialForEzviz);
export type UpdateVideoCameraBody = z.infer<typeof updateVideoCameraBody>;
export const videoCameraListQuery = z.object({ groupId: optional(id) });
export const videoCameraIdBody = z.object({ id });

/** A camera as the console sees it: never a stream URL's credentials, never an EZVIZ token. */
export interface VideoCamera {
  id: number;
  name: string;
  groupId: number;
  plotId: number | null;
  longitude: number | null;
  latitude: number | null;
  /** null: a camera-class device not set up for video yet. */
  kind: CameraKind | null;
  deviceSerial: string | null;
  channelNo: number | null;
  /** The stream URL with user and password replaced by `***` (null for EZVIZ cameras). */
  streamUrl: string | null;
  streamProtocol: StreamProtocol | null;
  /** The stored stream URL carries a user or password. */
  streamCredentialsSet: boolean;
  ptz: boolean;
  purpose: CameraPurpose;
  snapshotEveryMinutes: number;
  enabled: boolean;
  /** Recorded around the clock. */
  recordAlways: boolean;
  online: boolean;
  /** The last contact with the camera (null: never reached nor saved unchecked). */
  check: CameraCheck | null;
}

/** The merchant's EZVIZ open-platform key. `secret` is write-only: blank on update keeps the stored one. */
export const ezvizKeyBody = z.object({
  appKey: text(64),
  secret: optional(text(128, 1)),
});
export type EzvizKeyBody = z.infer<typeof ezvizKeyBody>;
export interface EzvizKeyStatus {
  appKey: string;
  secretSet: boolean;
}

/** How the browser plays a camera now (live) or a recorded range (playback). */
export type PlayAnswer =
  | {
      ok: true;
      /**
       * `mse`: a same-origin WebSocket path sending fragmented MP4 for Media Source (sub-second); `hls`: a
       * playlist (the fallback, and playback).
       */
      kind: 'hls' | 'flv' | 'mse';
      /** Same-origin, signed, short-lived. */
      url: string;
      /** Epoch ms after which the url's token stops working; ask play again. */
      expiresAt: number;
    }
  /** `message`: the cause in the caller's language (CAMERA_FAULT_TEXT), never the source's address. */
  | { ok: false; reason: PlayRefusal; message: string };
export type PlayRefusal = CameraFault;

export const cameraIdQuery = z.object({ id });
/** `lowLatency`: the browser can play fMP4 through Media Source: answer the WebSocket path (kind `mse`). */
export const playQuery = z.object({ id, lowLatency: withDefault(boolField(), false) });
export const PTZ_DIRECTIONS = ['up', 'down', 'left', 'right', 'zoomIn', 'zoomOut'] as const;
export type PtzDirection = (typeof PTZ_DIRECTIONS)[number];
export const ptzBody = z.object({
  id,
  action: enumField(['start', 'stop'] as const),
  direction: enumField(PTZ_DIRECTIONS),
  /** EZVIZ speeds: 0 slow, 1 medium, 2 fast. */
  speed: withDefault(
    intField((n) => n.min(0).max(2)),
    1,
  ),
});
export type PtzBody = z.infer<typeof ptzBody>;

export const recordingRangeQuery = z.object({ id, from: epochMsField(), to: epochMsField() });
export type RecordingRangeQuery = z.infer<typeof recordingRangeQuery>;
/** The longest clip exported as one MP4 file. */
export const CLIP_MAX_MS = 3600_000;
/** A stretch of continuous recording, epoch ms. */
export interface RecordingRange {
  from: number;
  to: number;
}

/** EZVIZ family bodies (SPEC `/ysyApi/lapp`): FarmPark camera ids, never EZVIZ serials or tokens. */
export const ezvizLiveBody = z.object({
  cameraId: id,
  protocol: withDefault(enumField(['hls', 'flv'] as const), 'hls'),
});
export const ezvizPtzStartBody = z.object({
  cameraId: id,
  direction: enumField(PTZ_DIRECTIONS),
  speed: withDefault(
    intField((n) => n.min(0).max(2)),
    1,
  ),
});
export const ezvizPtzStopBody = z.object({ cameraId: id, direction: optional(enumField(PTZ_DIRECTIONS)) });
export const ezvizCaptureBody = z.object({ cameraId: id });
/** `{code, msg, data}` of the `/ysyApi/lapp` family: `code` "200" is success. */
export interface EzvizAnswer<T> {
  code: string;
  msg: string;
  data: T | null;
}

/**
 * SPEC's `camera/getCameraListByGroupId` answer grown with the video settings the wall needs (kind null:
 * a camera device not set up for video). No URL, serial or key: the wall plays through `camera/play`.
 */
export interface CameraListItem extends CameraItem {
  kind: CameraKind | null;
  ptz: boolean;
  purpose: CameraPurpose;
  enabled: boolean;
  plotId: number | null;
  /** Why the camera counts as failing (its last contacts failed); null when it does not. */
  fault: CameraFault | null;
}
