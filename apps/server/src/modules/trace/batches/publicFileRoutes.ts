import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../http/apiError';
import type { ModuleDeps } from '../../context';
import { createVideoFiles } from '../../production/stock/videoFiles';
import { createReportFiles } from '../reports/files';
import { publishedFile } from './published';

const fileParams = z.object({ token: z.string().max(64) });

/**
 * Files of published batches for consumers, without login: a report file or clip is served only by a token
 * of the batch's live snapshot, never by an id, so nothing unpublished or withdrawn can be fetched.
 */
export function tracePublicFileRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reports = createReportFiles(config.dataDir);
  const videos = createVideoFiles(config.dataDir);
  r.get(
    '/api/public/trace/file/:token',
    { config: { public: true }, schema: { tags: ['public'], params: fileParams } },
    async (req, reply) => {
      const f = await publishedFile(db, req.params.token);
      if (!f) throw notFound('file');
      const path = f.kind === 'video' ? videos.pathOf(f.sha256) : reports.pathOf(f.sha256, f.mime);
      const size = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw notFound('file');
      return reply
        .header('content-type', f.mime)
        .header('content-length', size)
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path));
    },
  );
}
