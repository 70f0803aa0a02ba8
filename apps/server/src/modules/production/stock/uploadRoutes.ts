import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  addVideoQuery,
  Code,
  farmWorkPhotoQuery,
  photoIdQuery,
  removeIdsBody,
  VIDEO_MAX_BYTES,
  videoIdQuery,
  videoListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { ApiError, parseValue } from '../../../http/apiError';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { checkPicture, PICTURE_LIMITS, PICTURE_MIMES, readPicture, sendPicture } from '../../../http/pictures';
import type { ModuleDeps } from '../../context';
import { createImageStore, type ImageMime } from '../../devices/imageStore';
import { logged } from '../auditLog';
import { addPhoto, photoOf, removePhoto } from './photos';
import { createVideoFiles } from './videoFiles';
import { addVideo, listVideos, removeVideos, videoOf } from './videos';
import { FARM_WORK } from './workRoutes';

export const VIDEOS = '/productionManagement/videoManagement';
const P = '/api/merchant/production';
const FARM_PHOTO = { ...PICTURE_LIMITS, maxBytes: 10 * 1024 * 1024 };

/**
 * Farm work photos and traceability clips: uploads as raw bodies (in this plugin scope only) and
 * files served only after the same park checks as their records. Clips answer range requests, so
 * the console's player can seek.
 */
export async function productionUploadRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps;
  const images = createImageStore(deps.config.dataDir);
  const videos = createVideoFiles(deps.config.dataDir);
  for (const type of PICTURE_MIMES)
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: FARM_PHOTO.maxBytes }, (_req, body, done) =>
      done(null, body),
    );
  // clips stream to disk; the size limit is counted on the way (videoFiles)
  for (const type of ['video/mp4', 'application/octet-stream'])
    app.addContentTypeParser(type, (_req, payload, done) => done(null, payload));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];

  r.post(`${P}/farmWork/addFarmWorkPhoto`, { config: { permitUrl: FARM_WORK } }, async (req) => {
    const q = parseValue(farmWorkPhotoQuery, req.query);
    const checked = await checkPicture(req.body, FARM_PHOTO);
    const owner = { db, merchantId: authOf(req).merchantId };
    const store = async () => ({ ...(await images.put(req.body as Buffer, owner)), mime: checked.mime });
    const add = () => addPhoto(db, authOf(req), q.farmWorkId, store);
    return ok(await logged(db, req, 'farmWork', 'alter', add, { id: q.farmWorkId, name: 'photo +' }));
  });
  r.get(
    `${P}/farmWork/getFarmWorkPhoto`,
    { config: { permitUrl: FARM_WORK }, schema: { tags, querystring: photoIdQuery } },
    async (req, reply) => {
      const p = await photoOf(db, authOf(req), req.query.id);
      const buf = await readPicture(`id ${p.id}: photo`, () => readFile(images.pathOf(p.sha256, p.mime as ImageMime)));
      return sendPicture(reply, buf, p.mime);
    },
  );
  r.post(
    `${P}/farmWork/removeFarmWorkPhoto`,
    { config: { permitUrl: FARM_WORK }, schema: { tags, body: photoIdQuery } },
    async (req) => {
      const drop = () => removePhoto(db, authOf(req), req.body.id);
      return ok(await logged(db, req, 'farmWork', 'alter', drop, { name: `photo ${req.body.id} -` }));
    },
  );

  r.post(`${P}/video/addVideo`, { config: { permitUrl: VIDEOS } }, async (req) => {
    const q = parseValue(addVideoQuery, req.query);
    const auth = authOf(req);
    // the park and the clip's plot are checked before a byte is written
    const add = () =>
      addVideo(db, auth, q, async () => {
        if (!req.body || typeof (req.body as Readable).pipe !== 'function')
          throw new ApiError(Code.VALIDATION, 'body: send the MP4 clip as the body', {
            field: 'body',
            rule: 'required',
          });
        return videos.put(req.body as Readable, VIDEO_MAX_BYTES, { db, merchantId: auth.merchantId });
      });
    return ok(await logged(db, req, 'farmVideo', 'add', add, { name: q.title }));
  });
  r.get(
    `${P}/video/getVideoList`,
    { config: { permitUrl: VIDEOS }, schema: { tags, querystring: videoListQuery } },
    async (req) => ok(await listVideos(db, authOf(req), req.query)),
  );
  r.post(
    `${P}/video/removeVideo`,
    { config: { permitUrl: VIDEOS }, schema: { tags, body: removeIdsBody } },
    async (req) => {
      const drop = () => removeVideos(db, authOf(req), req.body.id);
      return ok(await logged(db, req, 'farmVideo', 'remove', drop, { id: req.body.id }));
    },
  );
  r.get(
    `${P}/video/getVideoFile`,
    { config: { permitUrl: VIDEOS }, schema: { tags, querystring: videoIdQuery } },
    async (req, reply) => {
      const v = await videoOf(db, authOf(req), req.query.id);
      const size = await videos.size(v.sha256).catch(() => null);
      if (size === null) throw new ApiError(Code.NOT_FOUND, `id ${v.id}: video file not found`);
      reply
        .header('content-type', 'video/mp4')
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff');
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
      if (!range || (range[1] === '' && range[2] === '')) {
        reply.header('content-length', size);
        return reply.send(createReadStream(videos.pathOf(v.sha256)));
      }
      // bytes=a-b, bytes=a- (to the end) or bytes=-n (the last n)
      let start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
      let end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
      if (start >= size || start > end) {
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      }
      start = Math.max(0, start);
      end = Math.max(start, end);
      reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .header('content-length', end - start + 1);
      return reply.send(createReadStream(videos.pathOf(v.sha256), { start, end }));
    },
  );
}
