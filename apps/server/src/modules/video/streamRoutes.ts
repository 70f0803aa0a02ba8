import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CAMERA_FAULT_TEXT,
  CLIP_MAX_MS,
  Code,
  cameraIdQuery,
  type MessageLang,
  messageLang,
  type PlayAnswer,
  playQuery,
  ptzBody,
  recordingRangeQuery,
} from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/apiError';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { pieceFile, sendClip } from './clips';
import { ezvizPtz } from './ezvizClient';
import { asFailure, type CameraFailure, failureError } from './faults';
import { steerable } from './ptzPresets';
import { segmentsIn } from './recordingRepo';
import { type Piece, piecesIn, piecesPlaylist, rangesOf, SEGMENT_SECONDS, segmentStart } from './recordings';
import { type CameraRow, cameraById } from './repo';
import type { Video } from './runtime';
import { cameraOf } from './service';
import { ezvizDeps, ezvizFailure, ezvizTarget } from './source';
import { liveAddress, readStreamToken, type StreamGrant, streamToken } from './streamToken';

/**
 * Watching needs one of the pages that show live video (video, disaster, seedling), like SPEC's camera
 * list; parks limit which cameras.
 */
export const WATCH = { permitUrl: '/videoEqui/video', alsoPermitUrls: ['/videoEqui/disaster', '/videoEqui/seedling'] };
/** Spans and playback of any range up to a year (the timeline's); a clip up to CLIP_MAX_MS. */
const MAX_RANGE_MS = 366 * 86_400_000;
const FILE = /^(index\.m3u8|vod\.m3u8|\d{9,11}_\d+\.ts|r\d{9,11}\.ts)$/;
const RECORDER_FILE = /^r(\d{9,11})\.ts$/;
/** A live token opens the segments of the last minute: the live playlist lists the last 12 s. */
const LIVE_SEGMENTS_MS = 60_000;

export const streamFileParams = z.object({
  cameraId: z.string().regex(/^\d{1,12}$/, 'must be a camera id'),
  file: z.string().max(40),
});
export const streamFileQuery = z.object({ t: z.string().max(200).optional() });

/** Adds the signed token to every URI line of a playlist (hls.js asks segment URLs as written). */
function withToken(playlist: string, query: string): string {
  return playlist
    .split('\n')
    .map((l) => (l && !l.startsWith('#') ? `${l.split('?')[0]}?${query}` : l))
    .join('\n');
}

function sendPlaylist(reply: FastifyReply, text: string) {
  return reply.header('content-type', 'application/vnd.apple.mpegurl').header('cache-control', 'no-store').send(text);
}

/** Whether a grant opens a file: live the live playlist and recent segments, playback its range only. */
function opens(grant: StreamGrant, file: string, now = Date.now()): boolean {
  if (file === 'index.m3u8') return grant.purpose === 'live';
  if (file === 'vod.m3u8') return grant.purpose === 'playback';
  const recorded = RECORDER_FILE.exec(file);
  if (recorded) {
    // a recorder's file (up to 10 minutes long) opens for the playback of a range it overlaps
    const at = Number(recorded[1]) * 1000;
    return grant.purpose === 'playback' && at <= grant.to && at + 600_000 >= grant.from;
  }
  const start = (segmentStart(file) ?? 0) * 1000;
  if (grant.purpose === 'live') return start >= now - LIVE_SEGMENTS_MS;
  // a segment that began before the range may still hold its first seconds
  return start <= grant.to && start + 3 * SEGMENT_SECONDS * 1000 >= grant.from;
}

/** A refusal of play in the caller's words, never the source's address or answer. */
export const refusal = (f: CameraFailure, lang: MessageLang): PlayAnswer => ({
  ok: false,
  reason: f.fault,
  message: CAMERA_FAULT_TEXT[f.fault][lang],
});

/**
 * Starts (or keeps) a camera's live stream: a signed same-origin live URL, or why not in words. `lowLatency`
 * (the browser has Media Source): the fMP4 WebSocket path (liveMse.ts), answered once a key frame came, so
 * a failing camera is answered in words here too; HLS otherwise.
 */
export async function play(video: Video, cam: CameraRow, lang: MessageLang, lowLatency = false): Promise<PlayAnswer> {
  try {
    if (lowLatency) await video.live.start(cam);
    else await video.streams.start(cam);
  } catch (err) {
    return refusal(asFailure(err, [cam.stream_url]), lang);
  }
  if (!lowLatency) return { ok: true, kind: 'hls', ...liveAddress(cam.id) };
  const { token, expiresAt } = streamToken(cam.id, { purpose: 'live' });
  return { ok: true, kind: 'mse', url: `/api/video/live/${cam.id}?t=${token}`, expiresAt };
}

export function streamRoutes(app: FastifyInstance, deps: ModuleDeps, video: Video): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { streams } = video;
  const tags = ['video'];

  r.get('/api/merchant/video/camera/play', { config: WATCH, schema: { tags, querystring: playQuery } }, async (req) => {
    const cam = await cameraOf(deps.db, authOf(req), req.query.id);
    const lang = messageLang(req.headers['accept-language']);
    return ok<PlayAnswer>(await play(video, cam, lang, req.query.lowLatency));
  });

  r.post('/api/merchant/video/camera/ptz', { config: WATCH, schema: { tags, body: ptzBody } }, async (req) => {
    const cam = await steerable(deps.db, authOf(req), req.body.id);
    const b = req.body;
    await ezvizPtz(ezvizDeps(deps), ezvizTarget(cam), b.action, b.direction, b.speed).catch((err) => {
      throw failureError(ezvizFailure(err), { prefix: { zh: '云台操作失败', en: 'PTZ failed' } });
    });
    return ok(null);
  });

  r.get(
    '/api/merchant/video/camera/snapshot',
    { config: WATCH, schema: { tags, querystring: cameraIdQuery } },
    async (req, reply) => {
      const cam = await cameraOf(deps.db, authOf(req), req.query.id);
      const jpg = await video.capture(cam.id);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(jpg);
    },
  );

  const checkRange = (from: number, to: number, max = MAX_RANGE_MS) => {
    if (to <= from || to - from > max)
      throw new ApiError(
        Code.VALIDATION,
        max === MAX_RANGE_MS
          ? { zh: 'to：须晚于 from，最多一年', en: 'to: must be after from, at most a year later' }
          : { zh: 'to：须晚于 from，片段最长一小时', en: 'to: must be after from, a clip at most an hour long' },
        { field: 'to', rule: 'invalid' },
      );
  };
  /** What was recorded of the camera in the range: the recorder's indexed files and the kept live segments. */
  const pieces = async (cam: Pick<CameraRow, 'id' | 'merchant_id'>, from: number, to: number): Promise<Piece[]> => {
    const rows = await segmentsIn(deps.db, cam.merchant_id, cam.id, from, to);
    const recorded = rows.map((r) => ({ file: r.file, start: r.start_at, end: r.end_at }));
    return piecesIn(streams.dirOf(cam.id), recorded, from, to);
  };

  r.get(
    '/api/merchant/video/camera/recordings',
    { config: WATCH, schema: { tags, querystring: recordingRangeQuery } },
    async (req) => {
      const cam = await cameraOf(deps.db, authOf(req), req.query.id);
      checkRange(req.query.from, req.query.to);
      return ok(rangesOf(await pieces(cam, req.query.from, req.query.to)));
    },
  );

  r.get(
    '/api/merchant/video/camera/playback',
    { config: WATCH, schema: { tags, querystring: recordingRangeQuery } },
    async (req) => {
      const cam = await cameraOf(deps.db, authOf(req), req.query.id);
      const { from, to } = req.query;
      checkRange(from, to);
      if ((await pieces(cam, from, to)).length === 0) {
        const lang = messageLang(req.headers['accept-language']);
        return ok<PlayAnswer>({ ok: false, reason: 'no-recording', message: CAMERA_FAULT_TEXT['no-recording'][lang] });
      }
      const { token, expiresAt } = streamToken(cam.id, { purpose: 'playback', from, to });
      const url = `/api/video/stream/${cam.id}/vod.m3u8?t=${token}`;
      return ok<PlayAnswer>({ ok: true, kind: 'hls', url, expiresAt });
    },
  );

  r.get(
    '/api/merchant/video/camera/clip',
    { config: WATCH, schema: { tags, querystring: recordingRangeQuery } },
    async (req, reply) => {
      const cam = await cameraOf(deps.db, authOf(req), req.query.id);
      const { from, to } = req.query;
      checkRange(from, to, CLIP_MAX_MS);
      return sendClip(video, cam, await pieces(cam, from, to), { from, to }, reply);
    },
  );

  // The files hls.js fetches: only with a token signed for this camera by play or playback above, and only
  // what that token opens (live: the live playlist and recent segments; playback: its range).
  r.get(
    '/api/video/stream/:cameraId/:file',
    { config: { public: true }, schema: { tags, params: streamFileParams, querystring: streamFileQuery } },
    async (req, reply) => {
      const cameraId = Number(req.params.cameraId);
      const { file } = req.params;
      const grant = readStreamToken(cameraId, req.query.t);
      if (!grant)
        return reply.code(403).send({
          code: Code.PERMISSION_DENIED,
          msg: 'stream token missing, expired or for another camera',
          data: null,
        });
      if (!FILE.test(file))
        return reply.code(404).send({ code: Code.NOT_FOUND, msg: 'no such stream file', data: null });
      if (!opens(grant, file))
        return reply
          .code(403)
          .send({ code: Code.PERMISSION_DENIED, msg: 'the token does not open this file', data: null });
      const dir = streams.dirOf(cameraId);
      const query = `t=${encodeURIComponent(req.query.t as string)}`;
      if (file === 'vod.m3u8' && grant.purpose === 'playback') {
        const cam = await cameraById(deps.db, cameraId);
        const text = cam ? piecesPlaylist(await pieces(cam, grant.from, grant.to), query) : null;
        if (text === null) return reply.code(404).send({ code: Code.NOT_FOUND, msg: 'no recording', data: null });
        return sendPlaylist(reply, text);
      }
      if (RECORDER_FILE.test(file)) {
        const path = pieceFile(video, cameraId, { file, start: 0, end: 0, recorder: true });
        if (!existsSync(path))
          return reply.code(404).send({ code: Code.NOT_FOUND, msg: 'no such stream file', data: null });
        return reply
          .header('content-type', 'video/mp2t')
          .header('cache-control', 'private, max-age=3600')
          .send(createReadStream(path));
      }
      const path = join(dir, file);
      // A stopped stream's last list would look alive to a player: it must ask play again.
      const stale = file === 'index.m3u8' && !streams.isLive(cameraId);
      if (stale || !existsSync(path))
        return reply.code(404).send({ code: Code.NOT_FOUND, msg: 'no such stream file', data: null });
      streams.touch(cameraId);
      if (file === 'index.m3u8') return sendPlaylist(reply, withToken(readFileSync(path, 'utf8'), query));
      return reply
        .header('content-type', 'video/mp2t')
        .header('cache-control', 'private, max-age=3600')
        .send(readFileSync(path));
    },
  );
}
