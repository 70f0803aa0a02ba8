import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code, cameraIdQuery, type PlayAnswer, ptzBody, recordingRangeQuery } from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/apiError';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { EzvizError, ezvizPtz } from './ezvizClient';
import { recordingRanges, vodPlaylist } from './recordings';
import { cameraOf } from './service';
import { captureSnapshot } from './snapshot';
import { ezvizDeps } from './source';
import type { StreamManager } from './streams';
import { streamToken, streamTokenValid } from './streamToken';

/**
 * Watching needs one of the pages that show live video (video, disaster, seedling), like SPEC's camera
 * list; parks limit which cameras.
 */
export const WATCH = { permitUrl: '/videoEqui/video', alsoPermitUrls: ['/videoEqui/disaster', '/videoEqui/seedling'] };
const MAX_RANGE_MS = 24 * 3600_000;
const FILE = /^(index\.m3u8|vod\.m3u8|\d{9,11}_\d+\.ts)$/;

export const streamFileParams = z.object({
  cameraId: z.string().regex(/^\d{1,12}$/, 'must be a camera id'),
  file: z.string().max(40),
});
export const streamFileQuery = z.object({
  t: z.string().max(200).optional(),
  from: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

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

export function streamRoutes(app: FastifyInstance, deps: ModuleDeps, streams: StreamManager): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['video'];

  r.get(
    '/api/merchant/video/camera/play',
    { config: WATCH, schema: { tags, querystring: cameraIdQuery } },
    async (req) => {
      const cam = await cameraOf(deps.db, authOf(req), req.query.id);
      return ok<PlayAnswer>(await streams.play(cam));
    },
  );

  r.post('/api/merchant/video/camera/ptz', { config: WATCH, schema: { tags, body: ptzBody } }, async (req) => {
    const cam = await cameraOf(deps.db, authOf(req), req.body.id);
    if (cam.ptz !== 1) throw new ApiError(Code.DEVICE_OPERATION_FAILED, 'this camera has no PTZ');
    if (cam.kind !== 'ezviz')
      throw new ApiError(
        Code.DEVICE_OPERATION_FAILED,
        'PTZ works for EZVIZ cameras (stream URLs carry no PTZ control)',
      );
    const b = req.body;
    try {
      await ezvizPtz(
        ezvizDeps(deps),
        { merchantId: cam.merchant_id, serial: cam.ezviz_serial ?? '', channelNo: cam.ezviz_channel ?? 1 },
        b.action,
        b.direction,
        b.speed,
      );
    } catch (err) {
      if (err instanceof EzvizError)
        throw new ApiError(Code.DEVICE_OPERATION_FAILED, `EZVIZ ${err.code}: ${err.message}`);
      throw err;
    }
    return ok(null);
  });

  r.get(
    '/api/merchant/video/camera/snapshot',
    { config: WATCH, schema: { tags, querystring: cameraIdQuery } },
    async (req, reply) => {
      const cam = await cameraOf(deps.db, authOf(req), req.query.id);
      const jpg = await captureSnapshot(deps, cam.id);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(jpg);
    },
  );

  const checkRange = (from: number, to: number) => {
    if (to <= from || to - from > MAX_RANGE_MS)
      throw new ApiError(Code.VALIDATION, 'to: must be after from, at most 24 hours later', {
        field: 'to',
        rule: 'invalid',
      });
  };

  r.get(
    '/api/merchant/video/camera/recordings',
    { config: WATCH, schema: { tags, querystring: recordingRangeQuery } },
    async (req) => {
      const cam = await cameraOf(deps.db, authOf(req), req.query.id);
      checkRange(req.query.from, req.query.to);
      return ok(recordingRanges(streams.dirOf(cam.id), req.query.from, req.query.to));
    },
  );

  r.get(
    '/api/merchant/video/camera/playback',
    { config: WATCH, schema: { tags, querystring: recordingRangeQuery } },
    async (req) => {
      const cam = await cameraOf(deps.db, authOf(req), req.query.id);
      const { from, to } = req.query;
      checkRange(from, to);
      if (recordingRanges(streams.dirOf(cam.id), from, to).length === 0)
        return ok<PlayAnswer>({ ok: false, reason: 'no-recording', message: 'nothing was recorded in this range' });
      const { token, expiresAt } = streamToken(cam.id);
      const url = `/api/video/stream/${cam.id}/vod.m3u8?t=${token}&from=${from}&to=${to}`;
      return ok<PlayAnswer>({ ok: true, kind: 'hls', url, expiresAt });
    },
  );

  // The files hls.js fetches: only with a token signed for this camera by play or playback above.
  r.get(
    '/api/video/stream/:cameraId/:file',
    { config: { public: true }, schema: { tags, params: streamFileParams, querystring: streamFileQuery } },
    async (req, reply) => {
      const cameraId = Number(req.params.cameraId);
      const { file } = req.params;
      if (!streamTokenValid(cameraId, req.query.t))
        return reply.code(403).send({
          code: Code.PERMISSION_DENIED,
          msg: 'stream token missing, expired or for another camera',
          data: null,
        });
      if (!FILE.test(file))
        return reply.code(404).send({ code: Code.NOT_FOUND, msg: 'no such stream file', data: null });
      const dir = streams.dirOf(cameraId);
      const query = `t=${encodeURIComponent(req.query.t as string)}`;
      if (file === 'vod.m3u8') {
        const text = vodPlaylist(dir, Number(req.query.from ?? 0), Number(req.query.to ?? 0), query);
        if (text === null) return reply.code(404).send({ code: Code.NOT_FOUND, msg: 'no recording', data: null });
        return sendPlaylist(reply, text);
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
