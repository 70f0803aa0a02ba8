import { deviceDetectionsBody, id } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/apiError';
import { authOf } from '../../http/authHook';
import { deviceAuth, deviceOf } from '../../http/deviceAuth';
import { ok } from '../../http/envelope';
import { acceptPictureBodies, checkPicture, PICTURE_LIMITS, readPicture, sendPicture } from '../../http/pictures';
import type { ModuleDeps } from '../context';
import type { ImageMime } from '../devices/imageStore';
import { setCategoryPicture } from './categories';
import { createImageFiles } from './imageFiles';
import { reportDetections, visibleImage } from './images';
import * as repo from './repo';

/** A category picture is a small reference image; 5 MB is plenty. */
const CATEGORY_PICTURE = { ...PICTURE_LIMITS, maxBytes: 5 * 1024 * 1024 };
const CATEGORY = '/outdoorsEquipment/worm/wormCategory';
const imageParams = z.object({ imageId: id });
const categoryParams = z.object({ categoryId: id });

/**
 * Pictures: trap photos and category pictures are served to signed-in users of the photo's park
 * (AuthToken header or the session cookie, so an <img> works), found by database id only; nothing
 * under DATA_DIR is served statically. Also the category picture upload (staff) and the detections
 * report (the trap itself). In its own plugin scope for the raw image body parser.
 */
export async function pestImageRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const files = createImageFiles(deps.config.dataDir);
  const { db } = deps;
  acceptPictureBodies(app, CATEGORY_PICTURE.maxBytes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pests'];

  r.get(
    '/api/merchant/image/:imageId',
    { config: { permitUrl: null }, schema: { tags, params: imageParams } },
    async (req, reply) => {
      const img = await visibleImage(db, authOf(req), req.params.imageId);
      const buf = await readPicture(`imageId ${img.id}: image`, () =>
        files.original(img.sha256, img.mime as ImageMime),
      );
      return sendPicture(reply, buf, img.mime);
    },
  );
  r.get(
    '/api/merchant/image/:imageId/thumb',
    { config: { permitUrl: null }, schema: { tags, params: imageParams } },
    async (req, reply) => {
      const img = await visibleImage(db, authOf(req), req.params.imageId);
      const buf = await readPicture(`imageId ${img.id}: image`, () => files.thumb(img.sha256, img.mime as ImageMime));
      return sendPicture(reply, buf, 'image/jpeg');
    },
  );
  r.get(
    '/api/merchant/pest/categoryPicture/:categoryId',
    { config: { permitUrl: null }, schema: { tags, params: categoryParams } },
    async (req, reply) => {
      const c = await repo.findCategory(db, authOf(req).merchantId, req.params.categoryId);
      if (!c?.picture_sha256 || !c.picture_mime) throw notFound(`categoryId ${req.params.categoryId}: picture`);
      const what = `categoryId ${c.id}: picture`;
      const buf = await readPicture(what, () => files.thumb(c.picture_sha256 as string, c.picture_mime as ImageMime));
      return sendPicture(reply, buf, 'image/jpeg');
    },
  );
  r.post(
    '/api/merchant/pest/uploadCategoryPicture/:categoryId',
    {
      config: { permitUrl: CATEGORY },
      bodyLimit: CATEGORY_PICTURE.maxBytes,
      schema: { tags, params: categoryParams },
    },
    async (req) => {
      await checkPicture(req.body, CATEGORY_PICTURE);
      const auth = authOf(req);
      const stored = await files.store.put(req.body as Buffer, { db, merchantId: auth.merchantId });
      return ok(await setCategoryPicture(db, auth, req.params.categoryId, stored));
    },
  );

  r.post(
    '/api/device/imageDetections',
    {
      config: { public: true },
      onRequest: deviceAuth(app, db),
      schema: { tags: ['devices'], body: deviceDetectionsBody },
    },
    async (req) => ok(await reportDetections(db, deviceOf(req), req.body)),
  );
}
