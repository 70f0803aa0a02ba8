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
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { apiRoutes } from '../../../http/routes';
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
  const tags = ['trace'];
  const { r, get, post } = apiRoutes(app, tags);
  const config = { permitUrl: BATCHES };

  get(`${P}/getBatchList`, config, batchListQuery, (req) => listBatches(db, authOf(req), req.query));
  get(`${P}/getBatchDetail`, config, traceIdQuery, (req) => batchDetail(db, authOf(req), req.query.id));
  get(`${P}/getBatchOptions`, config, productionGroupQuery, (req) => batchOptions(db, authOf(req), req.query.groupId));
  get(`${P}/getBatchPreview`, config, traceIdQuery, (req) => previewBatch(db, authOf(req), req.query.id));
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
  post(`${P}/addBatch`, config, addBatchBody, (req) => addBatch(db, authOf(req), req.body));
  post(`${P}/updateBatch`, config, updateBatchBody, (req) => updateBatch(db, authOf(req), req.body));
  post(`${P}/removeBatch`, config, traceIdsBody, (req) => removeBatches(db, authOf(req), req.body.id));
  post(`${P}/publishBatch`, config, publishBatchBody, (req) =>
    publishBatch(db, scopeOf(authOf(req)), authOf(req).userId, req.body.id, req.body.sections),
  );
  post(`${P}/withdrawBatch`, config, withdrawBatchBody, (req) => withdrawBatch(db, authOf(req), req.body, cfg.tzName));
  shipmentRoutes(app, deps, BATCHES);
}
