import { createReadStream, existsSync } from 'node:fs';
import { Code, codeLabelsQuery, labelJobQuery, publicBaseBody } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, notFound } from '../../../http/apiError';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { scopeOf } from '../../../http/scope';
import type { ModuleDeps } from '../../context';
import { batchOrFail } from '../codes/service';
import { codeLabels, labelCount } from './codeLabels';
import { type LabelJobRunner, labelFile, labelJobView } from './labelJobs';
import { findLabelJob } from './labelJobsRepo';
import { labelSheet } from './labelSheet';
import { publicBase, publicBaseView, setPublicBase } from './publicBase';

const API = '/api/merchant/traceCode';
const PERMIT = '/tracingCenter/rootsProductCode';

/**
 * Labels of one item one code: the sheet streamed straight to the caller (an API client's one request), the
 * same sheet as a background job with progress and a file (the console), and the public address they print.
 */
export function labelRoutes(app: FastifyInstance, { db, config }: ModuleDeps, jobs: LabelJobRunner): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['traceCode'];
  const c = { config: { permitUrl: PERMIT } };
  const jobOf = async (scope: Parameters<typeof findLabelJob>[1], jobId: number) => {
    const job = await findLabelJob(db, scope, jobId);
    if (!job) throw notFound(`jobId ${jobId}: label job`);
    return job;
  };

  r.get(`${API}/exportCodeLabels`, { ...c, schema: { tags, querystring: codeLabelsQuery } }, async (req, reply) => {
    const auth = authOf(req);
    const batch = await batchOrFail(db, scopeOf(auth), req.query.batchId);
    const base = await publicBase(db, auth.merchantId, req, config);
    await labelCount(db, batch, req.query);
    const labels = codeLabels(db, batch, base, req.query);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="trace-codes-${batch.id}-${req.query.size}.pdf"`)
      .send(labelSheet({ size: req.query.size, labels, fontPath: config.cjkFont, title: batch.product_name }));
  });

  r.post(`${API}/startLabelJob`, { ...c, schema: { tags, body: codeLabelsQuery } }, async (req) => {
    const auth = authOf(req);
    const batch = await batchOrFail(db, scopeOf(auth), req.body.batchId);
    const base = await publicBase(db, auth.merchantId, req, config);
    const { jobId } = await jobs.start(batch, auth.userId, req.body, base);
    return ok(labelJobView(await jobOf(scopeOf(auth), jobId)));
  });
  r.get(`${API}/getLabelJob`, { ...c, schema: { tags, querystring: labelJobQuery } }, async (req) =>
    ok(labelJobView(await jobOf(scopeOf(authOf(req)), req.query.jobId))),
  );
  // The finished file: a plain link the browser saves as it downloads (the session cookie authorises it).
  r.get(`${API}/getLabelFile`, { ...c, schema: { tags, querystring: labelJobQuery } }, async (req, reply) => {
    const row = await jobOf(scopeOf(authOf(req)), req.query.jobId);
    const job = labelJobView(row);
    const file = row.file_sha256 ? labelFile(config.dataDir, row.file_sha256) : '';
    if (job.status !== 'done' || !file || !existsSync(file))
      throw new ApiError(Code.NOT_FOUND, {
        zh: job.status === 'running' ? '标签文件尚未生成完' : '标签文件已不再保留，请重新生成',
        en: job.status === 'running' ? 'the sheet is still being made' : 'the sheet is no longer kept; make it again',
      });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="trace-codes-${job.batchId}-${job.size}-${job.id}.pdf"`)
      .send(createReadStream(file));
  });

  r.get(`${API}/getPublicBase`, { ...c, schema: { tags } }, async (req) =>
    ok(await publicBaseView(db, authOf(req).merchantId, req, config)),
  );
  r.post(`${API}/alterPublicBase`, { ...c, schema: { tags, body: publicBaseBody } }, async (req) => {
    await setPublicBase(db, authOf(req), req.body.url);
    return ok(await publicBaseView(db, authOf(req).merchantId, req, config));
  });
}
