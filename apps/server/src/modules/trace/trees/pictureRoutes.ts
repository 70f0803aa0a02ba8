import { Code, removeTreePhotoBody, treePhotoIdParams, treePhotoParams } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, notFound } from '../../../http/apiError';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { acceptPictureBodies, checkPicture, PICTURE_LIMITS, readPicture, sendPicture } from '../../../http/pictures';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import type { ModuleDeps } from '../../context';
import type { ImageMime } from '../../devices/imageStore';
import { createImageFiles } from '../../pests/imageFiles';
import * as repo from './repo';
import { TREE_API } from './routes';
import { treeRow } from './service';

const PERMIT = '/tracingCenter/rootsTreeCode';
/** A tree has a handful of photos; more only slows its public page on a phone. */
const MAX_PHOTOS = 9;

/**
 * Tree photos: content-checked at upload (pictures.ts), kept in the image store by content hash, served as
 * thumbnails to callers who may see the tree. In its own plugin scope for the raw picture body parser.
 */
export async function treePictureRoutes(app: FastifyInstance, { db, config }: ModuleDeps): Promise<void> {
  const files = createImageFiles(config.dataDir);
  acceptPictureBodies(app, PICTURE_LIMITS.maxBytes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trace'];
  const c = { config: { permitUrl: PERMIT } };

  async function photo(auth: AuthContext, photoId: number) {
    const row = await repo.findPhoto(db, scopeOf(auth), photoId);
    if (!row) throw notFound(`photoId ${photoId}: tree photo`);
    return row;
  }

  r.post(
    `${TREE_API}/uploadTreePhoto/:treeId`,
    { ...c, bodyLimit: PICTURE_LIMITS.maxBytes, schema: { tags, params: treePhotoParams } },
    async (req) => {
      const auth = authOf(req);
      const tree = await treeRow(db, auth, req.params.treeId, 'treeId');
      if (Number(tree.photo_count ?? 0) >= MAX_PHOTOS)
        throw new ApiError(
          Code.VALIDATION,
          { zh: `body: 每棵树最多 ${MAX_PHOTOS} 张照片`, en: `body: a tree keeps at most ${MAX_PHOTOS} photos` },
          { field: 'body', rule: 'max', params: { max: MAX_PHOTOS } },
        );
      const checked = await checkPicture(req.body, PICTURE_LIMITS);
      const stored = await files.store.put(req.body as Buffer, { db, merchantId: auth.merchantId });
      return ok({ id: await repo.insertPhoto(db, scopeOf(auth), tree.id, stored.sha256, checked.mime) });
    },
  );
  r.get(`${TREE_API}/photo/:photoId`, { ...c, schema: { tags, params: treePhotoIdParams } }, async (req, reply) => {
    const row = await photo(authOf(req), req.params.photoId);
    const buf = await readPicture(`photoId ${row.id}: tree photo`, () =>
      files.thumb(row.sha256, row.mime as ImageMime),
    );
    return sendPicture(reply, buf, 'image/jpeg');
  });
  r.post(`${TREE_API}/removeTreePhoto`, { ...c, schema: { tags, body: removeTreePhotoBody } }, async (req) => {
    const auth = authOf(req);
    await photo(auth, req.body.id);
    await repo.deletePhoto(db, scopeOf(auth), req.body.id);
    return ok(null);
  });
}
