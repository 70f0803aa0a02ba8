import { id } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/connect';
import { updateById } from '../../../db/rows';
import { notFound } from '../../../http/apiError';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { acceptPictureBodies, checkPicture, PICTURE_LIMITS, readPicture, sendPicture } from '../../../http/pictures';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import type { ModuleDeps } from '../../context';
import type { ImageMime } from '../../devices/imageStore';
import { createImageFiles } from '../../pests/imageFiles';
import { logged, type ProductionTarget } from '../auditLog';
import { cropOf } from './crops';
import { P, PERMITS } from './permits';
import { personOf } from './personnel';

/** A face or a crop is a small reference picture: 5 MB is plenty. */
const LIMITS = { ...PICTURE_LIMITS, maxBytes: 5 * 1024 * 1024 };

/** A stored picture: its hash in the image store and its type, both null until one is uploaded. */
type Stored = [sha256: string | null, mime: string | null];

/** A record that carries a picture: where it is read and uploaded, and how the caller's record is found and set. */
interface PictureOf {
  read: string;
  upload: string;
  permitUrl: string;
  param: string;
  target: ProductionTarget;
  name: string;
  /** The caller's record's picture, or 1005 for a record the caller may not see. */
  find(db: Db, auth: AuthContext, id: number): Promise<Stored>;
  save(db: Db, auth: AuthContext, id: number, sha256: string, mime: string): Promise<unknown>;
}

const KINDS: PictureOf[] = [
  {
    read: 'personnel/photo',
    upload: 'personnel/uploadPhoto',
    permitUrl: PERMITS.personnel,
    param: 'personnelId',
    target: 'personnel',
    name: 'photo',
    async find(db, auth, personnelId) {
      const row = await personOf(db, auth, personnelId, 'personnelId');
      return [row.photo, row.photo_mime];
    },
    save: (db, auth, personnelId, photo, photo_mime) =>
      updateById(db, scopeOf(auth), 'production_personnel', personnelId, { photo, photo_mime }),
  },
  {
    read: 'crop/picture',
    upload: 'crop/uploadPicture',
    permitUrl: PERMITS.plant,
    param: 'cropId',
    target: 'crop',
    name: 'picture',
    async find(db, auth, cropId) {
      const row = await cropOf(db, auth, cropId, 'cropId');
      return [row.picture, row.picture_mime];
    },
    save: (db, auth, cropId, picture, picture_mime) =>
      updateById(db, scopeOf(auth), 'production_crops', cropId, { picture, picture_mime }),
  },
];

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

  for (const k of KINDS) {
    const params = z.object({ [k.param]: id });
    const idOf = (p: unknown) => (p as Record<string, number>)[k.param];
    r.get(
      `${P}/${k.read}/:${k.param}`,
      { config: { permitUrl: k.permitUrl }, schema: { tags, params } },
      async (req, reply) => {
        const what = `${k.param} ${idOf(req.params)}: ${k.name}`;
        const [sha256, mime] = await k.find(db, authOf(req), idOf(req.params));
        if (!sha256 || !mime) throw notFound(what);
        const buf = await readPicture(what, () => files.thumb(sha256, mime as ImageMime));
        return sendPicture(reply, buf, 'image/jpeg');
      },
    );
    r.post(
      `${P}/${k.upload}/:${k.param}`,
      { config: { permitUrl: k.permitUrl }, bodyLimit: LIMITS.maxBytes, schema: { tags, params } },
      async (req) => {
        const auth = authOf(req);
        const id = idOf(req.params);
        const store = async () => {
          await k.find(db, auth, id);
          const checked = await checkPicture(req.body, LIMITS);
          const stored = await files.store.put(req.body as Buffer);
          await k.save(db, auth, id, stored.sha256, checked.mime);
          return { id };
        };
        return ok(await logged(db, req, k.target, 'alter', store, { id, name: k.name }));
      },
    );
  }
}
