import { id } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/connect';
import { rowById, updateById } from '../../../db/rows';
import { notFound } from '../../../http/apiError';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { acceptPictureBodies, checkPicture, PICTURE_LIMITS, readPicture, sendPicture } from '../../../http/pictures';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import type { ModuleDeps } from '../../context';
import type { ImageMime } from '../../devices/imageStore';
import { createImageFiles } from '../../pests/imageFiles';
import { logged } from '../auditLog';
import { crop } from './crops';
import { findPerson } from './personnelRepo';

/** A face or a crop is a small reference picture: 5 MB is plenty. */
const LIMITS = { ...PICTURE_LIMITS, maxBytes: 5 * 1024 * 1024 };
const P = '/api/merchant/production';
const personParams = z.object({ personnelId: id });
const cropParams = z.object({ cropId: id });

async function personPhoto(db: Db, auth: AuthContext, personnelId: number) {
  const person = await findPerson(db, scopeOf(auth), personnelId);
  const row = person && (await rowById(db, scopeOf(auth), 'production_personnel', personnelId));
  if (!row) throw notFound(`personnelId ${personnelId}: person`);
  return row;
}

/**
 * Photos of people and pictures of crops: content-checked at upload (pictures.ts), kept in the image store
 * by content hash, served only to callers who may see the person or crop (AuthToken or the session cookie,
 * so an <img> works), as thumbnails. In its own plugin scope for the raw picture body parser.
 */
export async function productionPictureRoutes(app: FastifyInstance, { db, config }: ModuleDeps): Promise<void> {
  const files = createImageFiles(config.dataDir);
  acceptPictureBodies(app, LIMITS.maxBytes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];
  const thumb = (what: string, sha256: string | null, mime: string | null) => {
    if (!sha256 || !mime) throw notFound(what);
    return readPicture(what, () => files.thumb(sha256, mime as ImageMime));
  };

  r.get(
    `${P}/personnel/photo/:personnelId`,
    { config: { permitUrl: '/productionManagement/personnel' }, schema: { tags, params: personParams } },
    async (req, reply) => {
      const row = await personPhoto(db, authOf(req), req.params.personnelId);
      const buf = await thumb(`personnelId ${req.params.personnelId}: photo`, row.photo, row.photo_mime);
      return sendPicture(reply, buf, 'image/jpeg');
    },
  );
  r.post(
    `${P}/personnel/uploadPhoto/:personnelId`,
    {
      config: { permitUrl: '/productionManagement/personnel' },
      bodyLimit: LIMITS.maxBytes,
      schema: { tags, params: personParams },
    },
    async (req) => {
      const auth = authOf(req);
      const id = req.params.personnelId;
      const store = async () => {
        await personPhoto(db, auth, id);
        const checked = await checkPicture(req.body, LIMITS);
        const stored = await files.store.put(req.body as Buffer);
        await updateById(db, scopeOf(auth), 'production_personnel', id, {
          photo: stored.sha256,
          photo_mime: checked.mime,
        });
        return { id };
      };
      return ok(await logged(db, req, 'personnel', 'alter', store, { id, name: 'photo' }));
    },
  );
  r.get(
    `${P}/crop/picture/:cropId`,
    { config: { permitUrl: '/productionManagement/plant' }, schema: { tags, params: cropParams } },
    async (req, reply) => {
      const row = await crop(db, authOf(req), req.params.cropId, 'cropId');
      const buf = await thumb(`cropId ${row.id}: picture`, row.picture, row.picture_mime);
      return sendPicture(reply, buf, 'image/jpeg');
    },
  );
  r.post(
    `${P}/crop/uploadPicture/:cropId`,
    {
      config: { permitUrl: '/productionManagement/plant' },
      bodyLimit: LIMITS.maxBytes,
      schema: { tags, params: cropParams },
    },
    async (req) => {
      const auth = authOf(req);
      const id = req.params.cropId;
      const store = async () => {
        await crop(db, auth, id, 'cropId');
        const checked = await checkPicture(req.body, LIMITS);
        const stored = await files.store.put(req.body as Buffer);
        await updateById(db, scopeOf(auth), 'production_crops', id, {
          picture: stored.sha256,
          picture_mime: checked.mime,
        });
        return { id };
      };
      return ok(await logged(db, req, 'crop', 'alter', store, { id, name: 'picture' }));
    },
  );
}
