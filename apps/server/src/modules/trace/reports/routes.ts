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
import { notFound, parseValue } from '../../../http/apiError';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { apiRoutes } from '../../../http/routes';
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
  const tags = ['trace'];
  const { r, get, post } = apiRoutes(app, tags);
  const config = { permitUrl: REPORTS };

  get(`${P}/getReportList`, config, reportListQuery, (req) => listReports(db, authOf(req), req.query));
  get(`${P}/getReportDetail`, config, traceIdQuery, (req) => reportDetail(db, authOf(req), req.query.id));
  post(`${P}/addReport`, config, addReportBody, (req) => addReport(db, authOf(req), req.body));
  post(`${P}/updateReport`, config, updateReportBody, (req) => updateReport(db, authOf(req), req.body));
  post(`${P}/removeReport`, config, traceIdsBody, (req) => removeReports(db, authOf(req), req.body.id));
  r.post(`${P}/uploadReportFile`, { config }, async (req) => {
    const { id } = parseValue(traceIdQuery, req.query);
    const checked = await checkReportFile(req.body);
    const auth = authOf(req);
    const store = () => files.put(req.body as Buffer, checked.mime, { db, merchantId: auth.merchantId });
    return ok(await attachReportFile(db, auth, id, checked, store));
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
