import { Code, deviceDetectionsBody, id } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, notFound } from '../../http/apiError';
import { authOf } from '../../http/authHook';
import { failure, ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { type AuthenticatedDevice, authenticateDevice } from '../devices/credentials';
import type { ImageMime } from '../devices/imageStore';
import { deviceCredentialsOf } from '../devices/uploadRoutes';
import { setCategoryPicture } from './categories';
import { createImageFiles } from './imageFiles';
import { reportDetections, visibleImage } from './images';
import * as repo from './repo';
import { sendPicture } from './routes';

const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
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
  for (const type of ['image/jpeg', 'image/png']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES }, (_req, body, done) =>
      done(null, body),
    );
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pests'];

  r.get(
    '/api/merchant/image/:imageId',
    { config: { permitUrl: null }, schema: { tags, params: imageParams } },
    async (req, reply) => {
      const img = await visibleImage(db, authOf(req), req.params.imageId);
      return sendPicture(reply, await files.original(img.sha256, img.mime as ImageMime), img.mime);
    },
  );
  r.get(
    '/api/merchant/image/:imageId/thumb',
    { config: { permitUrl: null }, schema: { tags, params: imageParams } },
    async (req, reply) => {
      const img = await visibleImage(db, authOf(req), req.params.imageId);
      return sendPicture(reply, await files.thumb(img.sha256, img.mime as ImageMime), 'image/jpeg');
    },
  );
  r.get(
    '/api/merchant/pest/categoryPicture/:categoryId',
    { config: { permitUrl: null }, schema: { tags, params: categoryParams } },
    async (req, reply) => {
      const c = await repo.findCategory(db, authOf(req).merchantId, req.params.categoryId);
      if (!c?.picture_sha256 || !c.picture_mime) throw notFound(`categoryId ${req.params.categoryId}: picture`);
      return sendPicture(reply, await files.thumb(c.picture_sha256, c.picture_mime as ImageMime), 'image/jpeg');
    },
  );
  r.post(
    '/api/merchant/pest/uploadCategoryPicture/:categoryId',
    {
      config: { permitUrl: CATEGORY },
      bodyLimit: MAX_PICTURE_BYTES,
      schema: { tags, params: categoryParams },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body) || req.body.length === 0)
        throw new ApiError(Code.VALIDATION, 'body: send the picture bytes (image/jpeg or image/png)');
      let stored: Awaited<ReturnType<typeof files.store.put>>;
      try {
        stored = await files.store.put(req.body);
      } catch (err) {
        if (err instanceof TypeError) throw new ApiError(Code.VALIDATION, `body: ${err.message}`);
        throw err;
      }
      return ok(await setCategoryPicture(db, authOf(req), req.params.categoryId, stored));
    },
  );

  r.post(
    '/api/device/imageDetections',
    { config: { public: true }, schema: { tags: ['devices'], body: deviceDetectionsBody } },
    async (req, reply) => {
      const creds = deviceCredentialsOf(req);
      let device: AuthenticatedDevice;
      try {
        if (!creds) throw new Error('no credentials');
        device = await authenticateDevice(db, creds.serial, creds.secret);
      } catch {
        return reply
          .status(401)
          .header('www-authenticate', 'Basic realm="farmpark-device"')
          .send(failure(Code.PERMISSION_DENIED, 'Device authentication failed: check the serial and secret'));
      }
      const row = await db
        .selectFrom('devices')
        .select(['merchant_id', 'device_class'])
        .where('id', '=', device.deviceId)
        .executeTakeFirstOrThrow();
      return ok(
        await reportDetections(
          db,
          { deviceId: device.deviceId, merchantId: row.merchant_id, deviceClass: row.device_class },
          req.body,
        ),
      );
    },
  );
}
