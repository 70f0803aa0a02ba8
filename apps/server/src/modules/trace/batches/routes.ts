import {
  addBatchBody,
  batchListQuery,
  batchRevisionQuery,
  productionGroupQuery,
  publishBatchBody,
  traceIdQuery,
  traceIdsBody,
  updateBatchBody,
  withdrawBatchBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { scopeOf } from '../../../http/scope';
import type { ModuleDeps } from '../../context';
import { batchRevision, batchRevisions, getPublishedTrace, publishBatch } from './published';
import {
  addBatch,
  batchDetail,
  batchOf,
  batchOptions,
  listBatches,
  previewBatch,
  removeBatches,
  updateBatch,
} from './service';
import { shipmentRoutes } from './shipmentRoutes';
import { withdrawBatch } from './withdrawal';

export const BATCHES = '/tracingCenter/rootBatch';
const P = '/api/merchant/trace/batch';

/** Trace batches: records, the form's options, the live preview, publish, revisions, withdrawal, shipments. */
export function traceBatchRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const { db, config: cfg } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trace'];
  const config = { permitUrl: BATCHES };

  r.get(`${P}/getBatchList`, { config, schema: { tags, querystring: batchListQuery } }, async (req) =>
    ok(await listBatches(db, authOf(req), req.query)),
  );
  r.get(`${P}/getBatchDetail`, { config, schema: { tags, querystring: traceIdQuery } }, async (req) =>
    ok(await batchDetail(db, authOf(req), req.query.id)),
  );
  r.get(`${P}/getBatchOptions`, { config, schema: { tags, querystring: productionGroupQuery } }, async (req) =>
    ok(await batchOptions(db, authOf(req), req.query.groupId)),
  );
  r.get(`${P}/getBatchPreview`, { config, schema: { tags, querystring: traceIdQuery } }, async (req) =>
    ok(await previewBatch(db, authOf(req), req.query.id)),
  );
  // What consumers see now: the stored snapshot, exactly as the public pages read it.
  r.get(`${P}/getPublishedTrace`, { config, schema: { tags, querystring: traceIdQuery } }, async (req) => {
    const batch = await batchOf(db, authOf(req), req.query.id);
    const published = await getPublishedTrace(db, batch.id);
    return ok(
      published === null
        ? null
        : published.status === 'withdrawn'
          ? published
          : { status: published.status, trace: published.trace },
    );
  });
  // Every publish is a revision: who, when, which sections, its withdrawal; and what each one showed.
  r.get(`${P}/getBatchRevisionList`, { config, schema: { tags, querystring: traceIdQuery } }, async (req) => {
    const batch = await batchOf(db, authOf(req), req.query.id);
    return ok(await batchRevisions(db, scopeOf(authOf(req)), batch.id));
  });
  r.get(`${P}/getBatchRevision`, { config, schema: { tags, querystring: batchRevisionQuery } }, async (req) => {
    const batch = await batchOf(db, authOf(req), req.query.id);
    return ok(await batchRevision(db, scopeOf(authOf(req)), batch.id, req.query.version));
  });
  r.post(`${P}/addBatch`, { config, schema: { tags, body: addBatchBody } }, async (req) =>
    ok(await addBatch(db, authOf(req), req.body)),
  );
  r.post(`${P}/updateBatch`, { config, schema: { tags, body: updateBatchBody } }, async (req) =>
    ok(await updateBatch(db, authOf(req), req.body)),
  );
  r.post(`${P}/removeBatch`, { config, schema: { tags, body: traceIdsBody } }, async (req) =>
    ok(await removeBatches(db, authOf(req), req.body.id)),
  );
  r.post(`${P}/publishBatch`, { config, schema: { tags, body: publishBatchBody } }, async (req) =>
    ok(await publishBatch(db, scopeOf(authOf(req)), authOf(req).userId, req.body.id, req.body.sections)),
  );
  r.post(`${P}/withdrawBatch`, { config, schema: { tags, body: withdrawBatchBody } }, async (req) =>
    ok(await withdrawBatch(db, authOf(req), req.body, cfg.tzName)),
  );
  shipmentRoutes(app, deps, BATCHES);
}
