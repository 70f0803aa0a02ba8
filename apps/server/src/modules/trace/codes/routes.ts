import {
  batchQuery,
  Code,
  codeExportQuery,
  codeJobQuery,
  codeLabelsQuery,
  codeListQuery,
  codeSettingsBody,
  codeStatsQuery,
  formatTraceCode,
  generateCodesBody,
  suspectedCodeListQuery,
  TRACE_LABELS_MAX,
  voidCodesBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, notFound } from '../../../http/apiError';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { exportLang, exportStamp, sendExport } from '../../../http/exportWriter';
import { scopeOf } from '../../../http/scope';
import type { ModuleDeps } from '../../context';
import { zoneOfPark } from '../../parks/repo';
import { labelSheet } from '../labels/labelSheet';
import { publicBase } from '../labels/publicBase';
import { CODE_EXPORT_COLUMNS, codeExportRows } from './exportColumns';
import { type CodeJobRunner, jobView } from './jobs';
import { findJob, recentJobs } from './jobsRepo';
import { codesInOrder, countLive, LAST_SEQ } from './repo';
import {
  batchOrFail,
  codeSettings,
  codeStats,
  codeUrl,
  listCodes,
  listSuspected,
  saveCodeSettings,
  voidCodes,
} from './service';

export const CODE_API = '/api/merchant/traceCode';
const PERMIT = '/tracingCenter/rootsProductCode';

/** One item one code in the console: generate (a job), list, void, labels, export, statistics, the rule. */
export function traceCodeRoutes(app: FastifyInstance, { db, config }: ModuleDeps, jobs: CodeJobRunner): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['traceCode'];
  const c = { config: { permitUrl: PERMIT } };

  r.post(`${CODE_API}/generateCodes`, { ...c, schema: { tags, body: generateCodesBody } }, async (req) => {
    const auth = authOf(req);
    const batch = await batchOrFail(db, scopeOf(auth), req.body.batchId);
    return ok(await jobs.start(batch, auth.userId, req.body.count));
  });
  r.get(`${CODE_API}/getCodeJob`, { ...c, schema: { tags, querystring: codeJobQuery } }, async (req) => {
    const job = await findJob(db, scopeOf(authOf(req)), req.query.jobId);
    if (!job) throw notFound(`jobId ${req.query.jobId}: job`);
    return ok(jobView(job));
  });
  r.get(`${CODE_API}/getCodeJobList`, { ...c, schema: { tags, querystring: batchQuery } }, async (req) => {
    const batch = await batchOrFail(db, scopeOf(authOf(req)), req.query.batchId);
    return ok((await recentJobs(db, batch)).map((j) => jobView(j)));
  });
  r.get(`${CODE_API}/getCodeList`, { ...c, schema: { tags, querystring: codeListQuery } }, async (req) =>
    ok(await listCodes(db, scopeOf(authOf(req)), req.query, publicBase(req, config))),
  );
  r.post(`${CODE_API}/voidCodes`, { ...c, schema: { tags, body: voidCodesBody } }, async (req) =>
    ok(await voidCodes(db, scopeOf(authOf(req)), req.body)),
  );
  r.get(`${CODE_API}/getCodeStats`, { ...c, schema: { tags, querystring: codeStatsQuery } }, async (req) =>
    ok(await codeStats(db, scopeOf(authOf(req)), req.query, config.tzName)),
  );
  r.get(
    `${CODE_API}/getSuspectedCodeList`,
    { ...c, schema: { tags, querystring: suspectedCodeListQuery } },
    async (req) => ok(await listSuspected(db, scopeOf(authOf(req)), req.query, publicBase(req, config))),
  );
  r.get(`${CODE_API}/getCodeSettings`, { ...c, schema: { tags } }, async (req) =>
    ok(await codeSettings(db, authOf(req).merchantId)),
  );
  r.post(`${CODE_API}/alterCodeSettings`, { ...c, schema: { tags, body: codeSettingsBody } }, async (req) =>
    ok(await saveCodeSettings(db, authOf(req).merchantId, req.body)),
  );

  // Label sheets stream page by page from the codes in seq order; voided codes are not printed.
  r.get(
    `${CODE_API}/exportCodeLabels`,
    { ...c, schema: { tags, querystring: codeLabelsQuery } },
    async (req, reply) => {
      const batch = await batchOrFail(db, scopeOf(authOf(req)), req.query.batchId);
      const base = publicBase(req, config);
      const { fromSeq = 1, toSeq = LAST_SEQ } = req.query;
      if ((await countLive(db, batch, fromSeq, toSeq)) > TRACE_LABELS_MAX)
        throw new ApiError(
          Code.CONFLICT,
          {
            zh: `toSeq: 一个文件最多 ${TRACE_LABELS_MAX} 张标签，请分段下载（起止序号）`,
            en: `toSeq: a file holds at most ${TRACE_LABELS_MAX} labels; download a range at a time (fromSeq, toSeq)`,
          },
          { field: 'toSeq', rule: 'max', params: { max: TRACE_LABELS_MAX } },
        );
      async function* labels() {
        for await (const code of codesInOrder(db, batch, fromSeq, toSeq, true))
          yield {
            title: batch.product_name,
            lines: [`${batch.lot}  #${code.seq}`],
            qrUrl: codeUrl(base, batch, code.code),
            codeText: formatTraceCode(code.code),
          };
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="trace-codes-${batch.id}-${req.query.size}.pdf"`)
        .send(
          labelSheet({ size: req.query.size, labels: labels(), fontPath: config.cjkFont, title: batch.product_name }),
        );
    },
  );

  r.get(`${CODE_API}/exportCodeList`, { ...c, schema: { tags, querystring: codeExportQuery } }, async (req, reply) => {
    const batch = await batchOrFail(db, scopeOf(authOf(req)), req.query.batchId);
    const timeZone = await zoneOfPark(db, batch.group_id, config.tzName);
    const base = publicBase(req, config);
    return sendExport(reply, {
      name: `trace-codes-${batch.lot}-${exportStamp(timeZone)}`,
      format: req.query.format,
      lang: exportLang(req),
      timeZone,
      columns: CODE_EXPORT_COLUMNS,
      rows: codeExportRows(codesInOrder(db, batch), (code) => codeUrl(base, batch, code)),
    });
  });
}
