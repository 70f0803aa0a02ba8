import { readFile } from 'node:fs/promises';
import {
  addReportBody,
  REPORT_MAX_BYTES,
  reportListQuery,
  traceIdQuery,
  traceIdsBody,
  updateReportBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound, parseValue } from '../../../http/apiError';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import type { ModuleDeps } from '../../context';
import { checkReportFile, createReportFiles } from './files';
import {
  addReport,
  attachReportFile,
  listReports,
  removeReports,
  reportDetail,
  reportOf,
  updateReport,
} from './service';

export const REPORTS = '/tracingCenter/rootsReport';
const P = '/api/merchant/trace/report';

/** Report library: records, their file upload (raw body, in this plugin scope) and the file for the preview. */
export async function traceReportRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps;
  const files = createReportFiles(deps.config.dataDir);
  for (const type of ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'])
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: REPORT_MAX_BYTES + 1 }, (_req, body, done) =>
      done(null, body),
    );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trace'];
  const config = { permitUrl: REPORTS };

  r.get(`${P}/getReportList`, { config, schema: { tags, querystring: reportListQuery } }, async (req) =>
    ok(await listReports(db, authOf(req), req.query)),
  );
  r.get(`${P}/getReportDetail`, { config, schema: { tags, querystring: traceIdQuery } }, async (req) =>
    ok(await reportDetail(db, authOf(req), req.query.id)),
  );
  r.post(`${P}/addReport`, { config, schema: { tags, body: addReportBody } }, async (req) =>
    ok(await addReport(db, authOf(req), req.body)),
  );
  r.post(`${P}/updateReport`, { config, schema: { tags, body: updateReportBody } }, async (req) =>
    ok(await updateReport(db, authOf(req), req.body)),
  );
  r.post(`${P}/removeReport`, { config, schema: { tags, body: traceIdsBody } }, async (req) =>
    ok(await removeReports(db, authOf(req), req.body.id)),
  );
  r.post(`${P}/uploadReportFile`, { config }, async (req) => {
    const { id } = parseValue(traceIdQuery, req.query);
    const checked = await checkReportFile(req.body);
    return ok(await attachReportFile(db, authOf(req), id, checked, () => files.put(req.body as Buffer, checked.mime)));
  });
  r.get(`${P}/getReportFile`, { config, schema: { tags, querystring: traceIdQuery } }, async (req, reply) => {
    const row = await reportOf(db, authOf(req), req.query.id);
    if (!row.file_sha256 || !row.file_mime) throw notFound(`id ${row.id}: report file`);
    const buf = await readFile(files.pathOf(row.file_sha256, row.file_mime)).catch(() => {
      throw notFound(`id ${row.id}: report file`);
    });
    return reply
      .header('content-type', row.file_mime)
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(buf);
  });
}
