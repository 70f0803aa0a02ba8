import { publicTreeQuery } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../http/apiError';
import { clientMeta } from '../../../http/clientMeta';
import { ok } from '../../../http/envelope';
import { readPicture, sendPicture } from '../../../http/pictures';
import { withRetryAfter } from '../../../http/rateLimit';
import type { ModuleDeps } from '../../context';
import type { ImageMime } from '../../devices/imageStore';
import { createImageFiles } from '../../pests/imageFiles';
import { GuessLimit, staffMerchantOf } from '../publicReads';
import { publicPhoto, publicTree } from './publicTree';

const photoParams = z.object({ code: z.string().min(1).max(64), photoId: z.string().regex(/^\d{1,9}$/) });

/**
 * The public side of one tree one code: no login, lookups of codes that do not exist limited per address (a
 * tour group behind one address reads freely), public fields only; the producer's staff are not counted.
 */
export function treePublicRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['public'];
  const files = createImageFiles(config.dataDir);
  const guesses = new GuessLimit();

  r.get(
    '/api/public/trace/tree',
    { config: { public: true }, schema: { tags, querystring: publicTreeQuery } },
    async (req, reply) =>
      withRetryAfter(
        reply,
        (async () => {
          const { ip } = clientMeta(req);
          guesses.admit(ip);
          // the page names its visit in a header, as for product codes; a query value serves apps and tests
          const header = req.headers['x-visit-id'];
          const visit = req.query.visit ?? (typeof header === 'string' ? header.slice(0, 64) : undefined);
          const staff = await staffMerchantOf(db, req);
          const answer = await publicTree(db, { code: req.query.code, visit, staff }, ip, config.tzName);
          if (answer.status === 'unknown') guesses.missed(ip);
          return ok(answer);
        })(),
      ),
  );
  r.get(
    '/api/public/trace/tree/photo/:code/:photoId',
    { config: { public: true }, schema: { tags, params: photoParams } },
    async (req, reply) => {
      const row = await publicPhoto(db, req.params.code, Number(req.params.photoId));
      if (!row) throw notFound('photo');
      const buf = await readPicture('photo', () => files.thumb(row.sha256, row.mime as ImageMime));
      return sendPicture(reply, buf, 'image/jpeg');
    },
  );
}
