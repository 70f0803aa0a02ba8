import {
  addVideoCameraBody,
  ezvizKeyBody,
  updateVideoCameraBody,
  videoCameraIdBody,
  videoCameraListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { ezvizRoutes } from './ezvizRoutes';
import { presetRoutes } from './presetRoutes';
import { createVideo, type Video } from './runtime';
import * as service from './service';
import { streamRoutes } from './streamRoutes';
import { wallRoutes } from './wallRoutes';

const SETUP = { permitUrl: '/system/video-setup' };

/**
 * Video (issue 15, docs/VIDEO.md): camera setup and the merchant's EZVIZ key here; watching (play, PTZ,
 * snapshot, playback, the stream files) in streamRoutes; the SPEC `/ysyApi/lapp` family in ezvizRoutes.
 * Only video setup's permission reads or writes stream URLs. Answers video's runtime (its processes,
 * cameras' health, pictures) for the picture routes.
 */
export function videoRoutes(app: FastifyInstance, deps: ModuleDeps): Video {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const video = createVideo({ db: deps.db, config: deps.config, log: app.log });
  // registered before the picture routes, so closed after them (Fastify closes in reverse): a time-lapse
  // they wait for still has its process
  app.addHook('onClose', () => video.close());
  const tags = ['video'];

  r.get(
    '/api/merchant/video/camera/list',
    { config: SETUP, schema: { tags, querystring: videoCameraListQuery } },
    async (req) => ok(await service.listVideoCameras(deps.db, authOf(req), req.query.groupId)),
  );
  r.post('/api/merchant/video/camera/add', { config: SETUP, schema: { tags, body: addVideoCameraBody } }, async (req) =>
    ok(await service.addVideoCamera(video, authOf(req), req.body)),
  );
  r.post(
    '/api/merchant/video/camera/update',
    { config: SETUP, schema: { tags, body: updateVideoCameraBody } },
    async (req) => {
      const cam = await service.updateVideoCamera(video, authOf(req), req.body);
      // New settings (URL, key, park) take effect at the next play, and at the recorder's next round.
      await Promise.all([video.streams.stop(cam.id), video.live.stop(cam.id)]);
      await video.recorder.restart(cam.id);
      return ok(cam);
    },
  );
  r.post(
    '/api/merchant/video/camera/remove',
    { config: SETUP, schema: { tags, body: videoCameraIdBody } },
    async (req) => {
      await service.removeVideoCamera(deps.db, authOf(req), req.body.id);
      await Promise.all([video.streams.stop(req.body.id), video.live.stop(req.body.id)]);
      await video.recorder.restart(req.body.id);
      video.health.forget(req.body.id);
      return ok(null);
    },
  );
  r.get('/api/merchant/video/ezvizKey', { config: SETUP, schema: { tags } }, async (req) =>
    ok(await service.ezvizKeyStatus(deps.db, authOf(req))),
  );
  r.post('/api/merchant/video/ezvizKey', { config: SETUP, schema: { tags, body: ezvizKeyBody } }, async (req) =>
    ok(await service.saveEzvizKey(deps.db, authOf(req), req.body)),
  );

  streamRoutes(app, deps, video);
  ezvizRoutes(app, deps, video);
  wallRoutes(app, deps);
  presetRoutes(app, deps);
  return video;
}
