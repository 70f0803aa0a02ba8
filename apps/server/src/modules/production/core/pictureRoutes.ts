import { id } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { logged } from '../auditLog';
import { cropOf } from './crops';
import { P, PERMITS } from './permits';
import { personOf } from './personnel';

/** A face or a crop is a small reference picture: 5 MB is plenty. */
const LIMITS = { ...PICTURE_LIMITS, maxBytes: 5 * 1024 * 1024 };

/**
 * The records that carry a picture, each named after its area: read at `<area>/<column>/:<area>Id`, uploaded
 * at `<area>/upload<Column>/:<area>Id`, kept in `<column>` and `<column>_mime` of its table; `of` gives the
 * caller's record or answers 1005.
 */
const KINDS = [
  { area: 'personnel', column: 'photo', permitUrl: PERMITS.personnel, table: 'production_personnel', of: personOf },
  { area: 'crop', column: 'picture', permitUrl: PERMITS.plant, table: 'production_crops', of: cropOf },
] as const;

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
    const param = `${k.area}Id`;
    const upload = `upload${k.column[0].toUpperCase()}${k.column.slice(1)}`;
    const params = z.object({ [param]: id });
    const idOf = (p: unknown) => (p as Record<string, number>)[param];
    /** The caller's record's picture: its hash in the image store and its type, null until one is uploaded. */
    const stored = async (auth: AuthContext, recordId: number) => {
      const row = (await k.of(db, auth, recordId, param)) as Record<string, unknown>;
      return [row[k.column], row[`${k.column}_mime`]] as [string | null, string | null];
    };
    r.get(
      `${P}/${k.area}/${k.column}/:${param}`,
      { config: { permitUrl: k.permitUrl }, schema: { tags, params } },
      async (req, reply) => {
        const what = `${param} ${idOf(req.params)}: ${k.column}`;
        const [sha256, mime] = await stored(authOf(req), idOf(req.params));
        if (!sha256 || !mime) throw notFound(what);
        const buf = await readPicture(what, () => files.thumb(sha256, mime as ImageMime));
        return sendPicture(reply, buf, 'image/jpeg');
      },
    );
    r.post(
      `${P}/${k.area}/${upload}/:${param}`,
      { config: { permitUrl: k.permitUrl }, bodyLimit: LIMITS.maxBytes, schema: { tags, params } },
      async (req) => {
        const auth = authOf(req);
        const recordId = idOf(req.params);
        const store = async () => {
          await stored(auth, recordId);
          const checked = await checkPicture(req.body, LIMITS);
          const { sha256 } = await files.store.put(req.body as Buffer, { db, merchantId: auth.merchantId });
          const set = { [k.column]: sha256, [`${k.column}_mime`]: checked.mime };
          await updateById(db, scopeOf(auth), k.table, recordId, set);
          return { id: recordId };
        };
        return ok(await logged(db, req, k.area, 'alter', store, { id: recordId, name: k.column }));
      },
    );
  }
}
